/** The bundled Chinese web font (Noto Sans HK, regular), loaded after the first render by main.tsx. */
import '@fontsource/noto-sans-hk/400.css';

import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn on the screen with a finger, a pen or the mouse (pointer events, so touch and
 * mouse alike), saved as a PNG. For someone who cannot draw, typing the name writes it on the pad
 * instead, so signing never needs a pointer.
 */
export function SignaturePad({
  label,
  image,
  disabled,
  onSave,
  onClear,
}: {
  label: string;
  /** The saved signature (a PNG data URL), shown instead of the pad until it is cleared. */
  image: string | null;
  disabled: boolean;
  onSave: (png: Blob) => Promise<boolean>;
  onClear: () => Promise<boolean>;
}) {
  const { t } = useTranslation('calendar');
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const typedId = useId();

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.max(1, Math.round((el.clientWidth || 480) * ratio));
    el.height = Math.max(1, Math.round((el.clientHeight || 160) * ratio));
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a1a40';
  }, [image]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = point(event);
    const ctx = event.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      ctx.fillStyle = '#1a1a40';
      ctx.fill();
    }
    setDrawn(true);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current || disabled) return;
    const ctx = event.currentTarget.getContext('2d');
    const next = point(event);
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(next.x, next.y);
      ctx.stroke();
    }
    last.current = next;
  };

  const up = () => {
    last.current = null;
  };

  const wipe = () => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (el && ctx) ctx.clearRect(0, 0, el.width, el.height);
    setDrawn(false);
  };

  const writeTyped = () => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || typed.trim() === '') return;
    wipe();
    ctx.font = 'italic 2.2rem "Noto Sans HK", serif';
    ctx.fillStyle = '#1a1a40';
    ctx.textBaseline = 'middle';
    ctx.fillText(typed.trim(), 16, (el.clientHeight || 160) / 2);
    setDrawn(true);
  };

  const save = async () => {
    const el = canvas.current;
    if (!el || !drawn) return;
    setBusy(true);
    const blob = await new Promise<Blob | null>((resolve) => el.toBlob(resolve, 'image/png'));
    if (blob && (await onSave(blob))) setDrawn(false);
    setBusy(false);
  };

  if (image) {
    return (
      <div className="signature-pad">
        <span className="field-label">{label}</span>
        <img src={image} alt={t('signature.saved', { who: label })} />
        {!disabled && (
          <p className="inline-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void onClear().finally(() => setBusy(false));
              }}
            >
              {t('signature.redo', { who: label })}
            </button>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="signature-pad" role="group" aria-label={label}>
      <span className="field-label">{label}</span>
      <canvas ref={canvas} role="img" aria-label={t('signature.pad', { who: label })} onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={up} onPointerLeave={up} />
      {!disabled && (
        <>
          <div className="field">
            <label htmlFor={typedId}>{t('signature.typed')}</label>
            <div className="inline-actions">
              <input id={typedId} value={typed} maxLength={60} onChange={(e) => setTyped(e.target.value)} />
              <button type="button" className="button button-secondary" onClick={writeTyped}>
                {t('signature.writeTyped')}
              </button>
            </div>
          </div>
          <p className="inline-actions">
            <button type="button" className="button button-primary" disabled={!drawn || busy} onClick={() => void save()}>
              {t('signature.save', { who: label })}
            </button>
            <button type="button" className="button button-secondary" disabled={!drawn || busy} onClick={wipe}>
              {t('signature.clear')}
            </button>
          </p>
        </>
      )}
    </div>
  );
}

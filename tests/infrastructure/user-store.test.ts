import { describe, expect, it } from 'vitest';
import { LocalStorageUserStore, USER_STORAGE_KEY } from '../../infrastructure/storage/LocalStorageUserStore';
import { ADMIN } from '../support/fakes';

class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('LocalStorageUserStore', () => {
  it('keeps the signed-in user across a reload', () => {
    const storage = new MemoryStorage();
    new LocalStorageUserStore(storage).save(ADMIN);
    expect(new LocalStorageUserStore(storage).load()).toEqual(ADMIN);
  });

  it('forgets the user on clear', () => {
    const storage = new MemoryStorage();
    const store = new LocalStorageUserStore(storage);
    store.save(ADMIN);
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('treats damaged or foreign data as no user', () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_STORAGE_KEY, '{not json');
    expect(new LocalStorageUserStore(storage).load()).toBeNull();
    storage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 'x' }));
    expect(new LocalStorageUserStore(storage).load()).toBeNull();
  });

  it('drops permission names it does not know', () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...ADMIN, role: { id: 1, name: 'x', permissions: ['appointment_view', 'rule_the_world'] } }));
    expect(new LocalStorageUserStore(storage).load()?.role?.permissions).toEqual(['appointment_view']);
  });
});

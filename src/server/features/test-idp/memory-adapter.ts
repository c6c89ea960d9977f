import type { Adapter, AdapterPayload } from 'oidc-provider';

// oidc-provider's storage for the test provider: in this process's memory, which is all a test provider
// for one process needs. Written here rather than taking the library's quick-start adapter, which warns at
// every start that it must not be used in production (this one never is: env.ts refuses the test provider
// there).

const store = new Map<string, { payload: AdapterPayload; expiresAt: number | null }>();

export class MemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  private read(key: string): AdapterPayload | undefined {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
    if (payload.uid) store.set(`uid:${payload.uid}`, { payload: { id } as AdapterPayload, expiresAt: null });
    if (payload.grantId) {
      const grant = `grant:${payload.grantId}`;
      const list = (store.get(grant)?.payload as { keys?: string[] } | undefined)?.keys ?? [];
      store.set(grant, { payload: { keys: [...list, this.key(id)] } as AdapterPayload, expiresAt: null });
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.read(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = (store.get(`uid:${uid}`)?.payload as { id?: string } | undefined)?.id;
    return id ? this.find(id) : undefined;
  }

  async findByUserCode(): Promise<AdapterPayload | undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = this.read(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const keys = (store.get(`grant:${grantId}`)?.payload as { keys?: string[] } | undefined)?.keys ?? [];
    for (const key of keys) store.delete(key);
    store.delete(`grant:${grantId}`);
  }
}

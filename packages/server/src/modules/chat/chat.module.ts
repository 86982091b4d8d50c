import { defineModule } from '../../platform/modules';
import { chatService, type ChatService } from './chat.service';

declare module '../../platform/modules' {
  interface Modules {
    chat: { chat: ChatService };
  }
}

/** Chat: a project's rooms, messages, attachments and quote cards (its sockets: realtime.ts). */
export default defineModule({
  name: 'chat',
  dependsOn: ['accounts', 'projects'],
  provides: ['chat'],
  build: ({ db, jobs, storage, config, news }) => ({
    chat: chatService({ db, jobs, storage, config, news }),
  }),
  routes: async () => [(await import('./chat.routes')).chatRoutes],
});

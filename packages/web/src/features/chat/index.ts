// The chat feature's public surface: a project-agnostic pane and the room list query. What a room means
// for a project (participants, offers, refetching) is the projects feature's business.
export { ChatPane } from './components/chat-pane';
export type { ChatPaneProps } from './components/chat-pane';
export { useChatRooms } from './api/chat-api';
export type { ChatMessage, ChatRoom } from './api/chat-api';

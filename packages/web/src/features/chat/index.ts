export { ChatPanel, ProjectMessages } from './components/chat-panel';
export { ChatPane } from './components/chat-pane';

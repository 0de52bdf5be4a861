/** The widget's routes, apart so its loader and frame take only these (in a file of their own: a bundler keeps the whole route table once anything of its file is used). */
export const WIDGET_API_PATHS = {
  widgetLook: { method: 'GET', path: '/widget/:token/look' },
  widgetChat: { method: 'POST', path: '/widget/:token/chat' },
  widgetConversation: { method: 'GET', path: '/widget/:token/conversation' },
  widgetFeedback: { method: 'PUT', path: '/widget/:token/feedback' },
  widgetContact: { method: 'POST', path: '/widget/:token/contact' },
  /** A visitor's answers to an action offered in their conversation: the action runs and its reply is the answer. */
  widgetAction: { method: 'POST', path: '/widget/:token/actions/:actionId' },
  /** The visitor's own conversation as it happens, once a person may join (text/event-stream). */
  widgetLive: { method: 'GET', path: '/widget/:token/live' },
  widgetTyping: { method: 'POST', path: '/widget/:token/typing' },
} as const;

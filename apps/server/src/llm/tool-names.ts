/** Names of the typed tools the builder assistant acts through; a model (offline or real) calls them by these names. */
export const BUILDER_TOOL_NAMES = {
  renameSpark: 'rename_spark',
  setInstructions: 'set_instructions',
  setInitialMessage: 'set_initial_message',
  createTest: 'create_test',
  showButtons: 'show_buttons',
  proposeChanges: 'propose_changes',
  reportProgress: 'report_progress',
  learnWebsite: 'learn_website',
  addAction: 'add_action',
} as const;

/** Tools of the system assistant (the menu topics); shared names keep one meaning across both assistants. */
export const ASSISTANT_TOOL_NAMES = {
  createSpark: 'create_spark',
  setPurpose: 'set_purpose',
  showPalettes: 'show_palettes',
  setPalette: 'set_palette',
  showIcons: 'show_icons',
  setIcon: 'set_icon',
  setInitialMessage: BUILDER_TOOL_NAMES.setInitialMessage,
  showWidgetPreview: 'show_widget_preview',
  createTest: BUILDER_TOOL_NAMES.createTest,
  showButtons: BUILDER_TOOL_NAMES.showButtons,
  updateProfile: 'update_profile',
  showProfile: 'show_profile',
  showPlan: 'show_plan',
  showEmbedCode: 'show_embed_code',
  reportDeployStep: 'report_deploy_step',
  showOnboarding: 'show_onboarding',
  sendEvent: 'send_event',
} as const;

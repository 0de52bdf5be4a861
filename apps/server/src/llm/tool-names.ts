/** Names of the typed tools the builder assistant acts through; a model (offline or real) calls them by these names. */
export const BUILDER_TOOL_NAMES = {
  renameSpark: 'rename_spark',
  setInstructions: 'set_instructions',
  setInitialMessage: 'set_initial_message',
  createTest: 'create_test',
  showButtons: 'show_buttons',
  proposeChanges: 'propose_changes',
} as const;

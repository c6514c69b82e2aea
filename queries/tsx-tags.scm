; TSX tags for aider-tui's repo map: what JSX adds to TypeScript.
; Loaded after typescript-tags.scm (see src/repomap/language.rs), so only the
; JSX patterns live here.

; Components only: lower-case names are HTML elements.
((jsx_opening_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))

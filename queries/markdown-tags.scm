; Markdown headings for aider-tui's repo map (tree-sitter-md block grammar).

(atx_heading heading_content: (inline) @name) @definition.heading
(setext_heading heading_content: (paragraph) @name) @definition.heading

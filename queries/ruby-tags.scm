; Ruby tags for aider-tui's repo map.

(class name: (constant) @name) @definition.class
(class name: (scope_resolution name: (constant) @name)) @definition.class
(module name: (constant) @name) @definition.module
(module name: (scope_resolution name: (constant) @name)) @definition.module
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
(assignment left: (constant) @name) @definition.constant
(call
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name)
  (#match? @_attr "^attr_(reader|writer|accessor)$")) @definition.field

; references

(call method: (identifier) @name) @reference.call
(call method: (constant) @name) @reference.call
(constant) @name.reference.class
(superclass (constant) @name) @reference.class

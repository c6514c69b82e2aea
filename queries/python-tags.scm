; Python tags for aider-tui's repo map.
; Convention: @name marks the identifier; @definition.KIND / @reference.KIND the node around it.

(module
  (expression_statement
    (assignment left: (identifier) @name) @definition.constant))

(class_definition
  name: (identifier) @name) @definition.class

(function_definition
  name: (identifier) @name) @definition.function

(class_definition
  body: (block
    [(function_definition name: (identifier) @name)
     (decorated_definition definition: (function_definition name: (identifier) @name))] @definition.method))

(call
  function: (identifier) @name) @reference.call

(attribute
  attribute: (identifier) @name) @reference.attribute

(class_definition
  superclasses: (argument_list (identifier) @name) @reference.class)

(decorator (identifier) @name) @reference.call

(type (identifier) @name) @reference.type

(argument_list (identifier) @name) @reference.variable

(keyword_argument value: (identifier) @name) @reference.variable

(import_from_statement
  name: (dotted_name (identifier) @name) @reference.import)

(import_from_statement
  name: (aliased_import name: (dotted_name (identifier) @name)) @reference.import)

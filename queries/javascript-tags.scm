; JavaScript tags for aider-tui's repo map.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(method_definition name: (property_identifier) @name) @definition.method

(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (class)])) @definition.function

(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (class)])) @definition.function

(program
  (lexical_declaration
    (variable_declarator
      name: (identifier) @name
      value: [(object) (array) (string) (number) (call_expression) (new_expression)])) @definition.constant)

(program
  (export_statement
    (lexical_declaration
      (variable_declarator
        name: (identifier) @name
        value: [(object) (array) (string) (number) (call_expression) (new_expression)])) @definition.constant))

(assignment_expression
  left: (member_expression property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.function

(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.function

; references

(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (member_expression property: (property_identifier) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.class
(class_heritage (identifier) @name) @reference.class
(import_specifier name: (identifier) @name) @reference.import
(member_expression object: (identifier) @name) @reference.variable
(arguments (identifier) @name) @reference.variable
; Components only: lower-case names are HTML elements.
((jsx_opening_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))

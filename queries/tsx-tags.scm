; TSX (TypeScript with JSX) tags for aider-tui's repo map.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (identifier) @name) @definition.module
(method_definition name: (property_identifier) @name) @definition.method
(method_signature name: (property_identifier) @name) @definition.method
(abstract_method_signature name: (property_identifier) @name) @definition.method

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

; references

(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (member_expression property: (property_identifier) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.class
(type_identifier) @name.reference.type
(nested_type_identifier module: (identifier) @name) @reference.module
(extends_clause value: (identifier) @name) @reference.class
(import_specifier name: (identifier) @name) @reference.import
(member_expression object: (identifier) @name) @reference.variable
(arguments (identifier) @name) @reference.variable
; Components only: lower-case names are HTML elements.
((jsx_opening_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))

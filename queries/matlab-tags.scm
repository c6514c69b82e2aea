; MATLAB: classes, their properties, and functions (methods inside a class);
; called names and superclasses as references.

(class_definition
  name: (identifier) @name) @definition.class

(methods
  (function_definition
    name: (identifier) @name) @definition.method)

(source_file
  (function_definition
    name: (identifier) @name) @definition.function)

(properties
  (property
    name: (identifier) @name) @definition.field)

(function_call
  name: (identifier) @name) @reference.call

(superclasses
  (property_name
    (identifier) @name)) @reference.class

(command
  (command_name) @name) @reference.call

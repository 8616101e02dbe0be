package command

import (
	"encoding/json"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// CallArgs is what tools/call c sends as the tool's arguments, with the
// schema's warnings (schema may be nil): c's key=value words read by
// ParseArgs, or the JSON object c was given (Arguments), sent exactly as
// typed and checked as its members would be as key:=json words (a key the
// schema does not know, a value outside an enum or a range, a required key
// left out). The error is a word that cannot be read.
func CallArgs(c Command, schema *Schema) (json.RawMessage, []ArgWarning, error) {
	if c.Arguments == nil {
		args, warnings, err := ParseArgs(c.Words, schema)
		if err != nil {
			return nil, warnings, err
		}
		// MarshalJSON keeps := values exactly as typed; json.Marshal would
		// compact and re-escape them.
		raw, err := args.MarshalJSON()
		return raw, warnings, err
	}
	return c.Arguments, objectWarnings(c.Arguments, schema), nil
}

// objectWarnings checks the members of obj, a JSON object, against schema
// as ParseArgs checks key:=json words.
func objectWarnings(obj json.RawMessage, schema *Schema) []ArgWarning {
	doc, err := jsonspan.Parse(obj, jsonspan.Limits{Depth: 1})
	if schema == nil || err != nil {
		return nil
	}
	var warnings []ArgWarning
	given := map[string]bool{}
	for key, v := range doc.Root().Members() {
		s, w := argSchemaFor(schema, key)
		warnings = append(warnings, w...)
		warnings = schemaCheck(key, schemaNumbers(v.Raw()), s, warnings)
		given[key] = true
	}
	return schemaMissing("", schema, func(name string) bool { return given[name] }, warnings)
}

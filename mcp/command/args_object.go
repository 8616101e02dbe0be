package command

import (
	"encoding/json"
	"fmt"

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
	if err != nil {
		return nil
	}
	warnings := duplicateKeys(doc.Root())
	if schema == nil {
		return warnings
	}
	given := map[string]bool{}
	for key, v := range doc.Root().Members() {
		s, w := argSchemaFor(schema, key)
		warnings = append(warnings, w...)
		warnings = schemaCheck(key, schemaNumbers(v.Raw()), s, warnings)
		given[key] = true
	}
	return schemaMissing("", schema, func(name string) bool { return given[name] }, warnings)
}

// duplicateKeys warns of each key obj gives more than once. The object is
// sent as typed, but which of the values a server takes is its JSON
// reader's choice (encoding/json and JavaScript keep the last, others the
// first or refuse it), and key=value words refuse a key given twice.
func duplicateKeys(obj jsonspan.Value) []ArgWarning {
	count := map[string]int{}
	var order []string
	for key := range obj.Members() {
		if count[key] == 1 {
			order = append(order, key)
		}
		count[key]++
	}
	var warnings []ArgWarning
	for _, key := range order {
		warnings = append(warnings, ArgWarning{
			Key:     key,
			Message: fmt.Sprintf("given %d times in the object: which one a server takes is up to its JSON reader (most keep the last); give it once", count[key]),
			Short:   fmt.Sprintf("given %d times", count[key]),
		})
	}
	return warnings
}

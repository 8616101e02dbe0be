package command

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// FuzzSchemaBudget: whatever inputSchema a server sends ($ref cycles and
// explosions, nesting, unions of unions), what is read of it stays within
// the budget every walk over it relies on, the text shown for each key's
// type, default and choices stays a line, and words typed against it are
// read into arguments that are a JSON object.
func FuzzSchemaBudget(f *testing.F) {
	for _, raw := range []json.RawMessage{
		mcptest.SchemaRefCycle(), mcptest.SchemaRefMutual(),
		mcptest.SchemaRefExplosion(14, "anyOf"), mcptest.SchemaRefExplosion(14, "oneOf"), mcptest.SchemaRefExplosion(14, "allOf"),
		mcptest.SchemaDeep(300, "properties"), mcptest.SchemaDeep(300, "items"), mcptest.SchemaDeep(300, "anyOf"),
		json.RawMessage(`{"properties":{"a":{"$ref":"#/properties/a/items","items":{"$ref":"#/properties/a"}}}}`),
		json.RawMessage(`{"$ref":"#","properties":{"x":{"$ref":"#/$defs/%2F~0~1"}},"$defs":{"/~/":{"allOf":[{"$ref":"#"}],"default":"\u001b[2J"}}}`),
		json.RawMessage(`{"properties":{"e":{"enum":[1,"a",null,{"b":[]}],"default":[[[[]]]],"oneOf":[{"const":1,"title":"\u202eone"}]}}}`),
	} {
		f.Add(string(raw), "e=1 x=a a:=[1] count=2")
	}
	f.Fuzz(func(t *testing.T, schemaText, line string) {
		s, err := ParseSchema(json.RawMessage(schemaText))
		if err != nil {
			return
		}
		if s.size > schemaMaxNodes {
			t.Fatalf("ParseSchema(%.200s) kept %d parts, over the budget of %d", schemaText, s.size, schemaMaxNodes)
		}
		for _, p := range s.Properties {
			for what, text := range map[string]string{"type": p.Schema.TypeString(), "default": p.Schema.DefaultString()} {
				if n := utf8.RuneCountInString(text); n > 4*typeTextMax {
					t.Fatalf("ParseSchema(%.200s): %s's %s is %d runes", schemaText, p.Name, what, n)
				}
			}
			if n := len(p.Schema.Choices()); n > schemaMaxMembers {
				t.Fatalf("ParseSchema(%.200s): %s offers %d choices", schemaText, p.Name, n)
			}
		}
		words, err := SplitWords(line)
		if err != nil {
			return
		}
		args, _, err := ParseArgs(words, s)
		if err != nil {
			return
		}
		out, err := args.MarshalJSON()
		var obj map[string]json.RawMessage
		if err != nil || json.Unmarshal(out, &obj) != nil {
			t.Fatalf("ParseArgs(%q) against %.200s gives %q, not a JSON object (%v)", words, schemaText, out, err)
		}
	})
}

package jsonwhy

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Bad JSON is said by what JSON wanted where it stopped and the text
// there, alike whether encoding/json or jsonspan read it, not in the
// scanner's words ("invalid character '1' after object key").
func TestSyntaxSaysWhatAndWhere(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{"a" 1}`, `a key is not followed by ":" at byte 5: {"a" ▶1}`},
		{`{"a":hello}`, `no JSON value starts here: a string goes in double quotes ("text"); numbers, true, false, null, objects and arrays go bare at byte 5: {"a":▶hello}`},
		{`{a:1}`, `a key is not a string in double quotes at byte 1: {▶a:1}`},
		{`{"a":1} trailing`, `more text follows the end of the JSON value at byte 8: {"a":1} ▶trailing`},
		{`{"a":1 "b":2}`, `a member is not followed by "," or "}" at byte 7: {"a":1 ▶"b":2}`},
		{"{\"a\":1\x00}", `a member is not followed by "," or "}" at byte 6: {"a":1▶\x00}`},
		{"[\"\xff\", \x01]", `no JSON value starts here: a string goes in double quotes ("text"); numbers, true, false, null, objects and arrays go bare at byte 6: ["\xff", ▶\x01]`},
		{"{\"a\":\"x\x00y\"}", `a string holds a raw control character ('\x00'): write it as \u0000 at byte 7: {"a":"x▶\x00y"}`},
		{"{\"a\":\"x\ty\"}", `a string holds a raw control character ('\t'): write it as \t at byte 7: {"a":"x▶\ty"}`},
		{` `, `there is no JSON value: the text is empty`},
		{`{"a":`, `the JSON ends before it is complete: a closing "}", "]" or double quote is missing`},
		{`{"long":"` + "0123456789abcdefghij" + `",x}`, `a key is not a string in double quotes at byte 31: …6789abcdefghij",▶x}`},
	} {
		var v json.RawMessage
		jerr := json.Unmarshal([]byte(tc.src), &v)
		_, serr := jsonspan.Parse([]byte(tc.src), jsonspan.Limits{Depth: 1})
		for name, err := range map[string]error{"encoding/json": jerr, "jsonspan": serr} {
			if got := Syntax([]byte(tc.src), err); got != tc.want {
				t.Errorf("Syntax(%q, %s's %q) = %q, want %q", tc.src, name, err, got, tc.want)
			}
		}
	}
	if got := Syntax(nil, errors.New("other")); got != "other" {
		t.Errorf("Syntax of an error that is no syntax error = %q, want it as it is", got)
	}
}

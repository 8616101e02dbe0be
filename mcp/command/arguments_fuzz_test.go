package command

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzToolsCallObject: tools/call NAME {…} takes the arguments as one JSON
// object typed after the name, verbatim or quoted as one word. Whatever
// the object holds, parsing never panics; an object encoding/json reads is
// taken exactly as typed or, only when it nests past what a message can
// hold, refused as too deep, never as not JSON; and arguments taken always
// make a tools/call message encoding/json reads back.
func FuzzToolsCallObject(f *testing.F) {
	deep := func(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
	for _, s := range []struct{ name, object string }{
		{"greet", `{"name":"Ann","times":2}`},
		{"greet", `{"text":"it's"}`},
		{"greet", `{"q":"a \"quoted\" \\ word","t":"tab\there"}`},
		{"a b", `{ "x" : [1, {"y": null}], "z": "$HOME ` + "`id`" + `" }`},
		{"greet", `{"a":1} {"b":2}`},
		{"greet", `{"a":1`},
		{"greet", `{}`},
		{"{x}", `{"\u0000":"\ud800"}`},
		{"deep", deep(argumentsRoom)},
		{"deep", deep(argumentsRoom + 1)},
		{"deep", "[" + deep(argumentsRoom-1) + "]"},
		{"greet", "{\"a\":\"\x1b]52;c;aGk=\x07\"}\n"},
	} {
		f.Add(s.name, s.object)
	}
	f.Fuzz(func(t *testing.T, name, object string) {
		if name == "" || strings.TrimSpace(object) == "" {
			return
		}
		isObject := json.Valid([]byte(object)) && strings.HasPrefix(strings.TrimSpace(object), "{")
		for _, typed := range []string{object, ShellQuote(object)} {
			line := "tools/call " + QuoteName(name) + " " + typed
			c, err := ParseCommand(line)
			if !isObject {
				continue
			}
			if err != nil {
				if !strings.Contains(err.Error(), "nested too deep to send") {
					t.Fatalf("ParseCommand(%.200q) = %v; the arguments are one JSON object", line, err)
				}
				if n := nesting([]byte(object)); n <= argumentsRoom {
					t.Fatalf("ParseCommand(%.200q) refused arguments of %d levels as too deep: %v", line, n, err)
				}
				continue
			}
			if c.Tool != name || string(c.Arguments) != strings.TrimSpace(object) || len(c.Words) != 0 {
				t.Fatalf("ParseCommand(%.200q) = tool %q arguments %.200q words %q; want %q and the object as typed", line, c.Tool, c.Arguments, c.Words, name)
			}
			msg := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"n","arguments":` + string(c.Arguments) + `}}`
			var v map[string]any
			if err := json.Unmarshal([]byte(msg), &v); err != nil {
				t.Fatalf("ParseCommand(%.200q) took arguments a message cannot carry: %v", line, err)
			}
		}
	})
}

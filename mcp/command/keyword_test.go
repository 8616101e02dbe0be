package command

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A form key the terminal would draw as another (an escape sequence
// before x draws as x) or as nothing (an empty key) is named Go-quoted in
// the description and the warnings: "x: unknown key (known keys: x)" was
// said of the x a person typed, and a missing empty key was ": missing".
func TestHostileKeysAreNamedQuoted(t *testing.T) {
	params := json.RawMessage(`{"message":"Keys","requestedSchema":{"type":"object","properties":{"\u001b[2Jx":{"type":"string"},"":{"type":"integer"},"plain":{"type":"string"}},"required":[""]}}`)
	req := mcp.InputRequest{Method: "elicitation/create", Params: params}
	if d, want := Describe(req), `Keys — accept "\x1b[2Jx": string  ""*: integer  plain: string`; !strings.HasPrefix(d, want) {
		t.Errorf("Describe = %q, want it to start %q", d, want)
	}
	_, warns, err := ParseAnswer(req, "accept x=1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{`x: unknown key (known keys: "\x1b[2Jx", "", plain)`, `missing required key "", expects integer`} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings\n%s\nlack %q", joined, want)
		}
	}
}

// A form key with control characters and a " or \ is shown as it can be
// typed back: Go-quoted, its \" and \\ lost their backslash to the command
// line's double quotes, and the field typed as shown could not be answered
// (a\x01\\b read as a, ^A and a backspace). So is a key holding "=" or
// ending in ":": typed as it is, a=b=7 was key a, and k:=7 key k.
func TestHostileKeysWithQuotesAreTypedAsShown(t *testing.T) {
	for _, name := range []string{"a\x01\"b", "a\x01\\b", "a\x01\\nb", "a\x01'\"b", "a\u202e\"b", "a=b", "k:", "x:=y", "a\x01=\"b:"} {
		key, _ := json.Marshal(name)
		params := json.RawMessage(`{"message":"Keys","requestedSchema":{"type":"object","properties":{` + string(key) + `:{"type":"integer"}}}}`)
		req := mcp.InputRequest{Method: "elicitation/create", Params: params}
		shown := KeyWord(name)
		if !strings.Contains(Describe(req), shown) {
			t.Errorf("Describe = %q, want it to name the key %s", Describe(req), shown)
		}
		answer, warns, err := ParseAnswer(req, "accept "+shown+"=7")
		if err != nil || len(warns) > 0 {
			t.Errorf("the key %q typed as shown, %s=7: err %v, warnings %v", name, shown, err, warns)
			continue
		}
		want, _ := json.Marshal(map[string]any{"action": "accept", "content": map[string]int{name: 7}})
		if string(answer) != string(want) {
			t.Errorf("the key %q typed as shown, %s=7: answer %s, want %s", name, shown, answer, want)
		}
		if typed := KeyTyped(name); typed != shown && !strings.ContainsFunc(name, func(r rune) bool { return r == '\u202e' }) {
			t.Errorf("Tab puts the key %q in as %s, and it is shown as %s", name, typed, shown)
		}
	}
}

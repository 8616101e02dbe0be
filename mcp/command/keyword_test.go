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

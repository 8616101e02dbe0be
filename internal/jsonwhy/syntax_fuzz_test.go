package jsonwhy

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// FuzzSyntax: whatever a server sends as JSON, what Syntax says of it is
// one short line that does not drive the terminal, however the text is
// broken (raw controls, escapes, bytes that are no UTF-8), for what
// encoding/json and jsonspan say of it alike.
func FuzzSyntax(f *testing.F) {
	for _, s := range []string{
		`{"a" 1}`, `{"a":1,}`, `[1 2]`, `{"a":"\q"}`, "{\"a\":\"\x1b[2J\"}", "\"\xff\xfe", `{"a":"\u12"}`,
		"tru", "{}x", "", " \t\n", "{\"a\":\"\u202e\u200b\x00\"", "[" + string(make([]byte, 40)) + "]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// Syntax is given syntax errors; any other error (a number too
		// large for a float64) it says as it is, by design.
		var errs []error
		if err := json.Unmarshal(src, new(any)); errors.As(err, new(*json.SyntaxError)) {
			errs = append(errs, err)
		}
		if _, err := jsonspan.Parse(src, jsonspan.Limits{Depth: 64, Values: 1 << 16, Children: 1 << 16}); err != nil {
			errs = append(errs, err)
		}
		for _, err := range errs {
			said := Syntax(src, err)
			sanitizetest.Check(t, "Syntax("+string(src)+")", said, false)
			if len(said) > 400 {
				t.Fatalf("Syntax(%q) is %d bytes long: %q", src, len(said), said)
			}
		}
	})
}

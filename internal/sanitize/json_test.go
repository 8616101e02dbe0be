package sanitize

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// JSON keeps the value: decoding its output gives what decoding the input
// gives, for every hostile string, as a value, a key and inside indentation.
func TestJSONKeepsTheValue(t *testing.T) {
	for _, tc := range hostileWire {
		in, err := json.MarshalIndent(map[string]any{tc.in: []any{tc.in, 1, map[string]string{"k": tc.in}}}, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		out := JSON(in)
		sanitizetest.Check(t, tc.name, string(out), true)
		var want, got any
		if err := json.Unmarshal(in, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Errorf("%s: JSON(%q) = %q, which does not decode: %v", tc.name, in, out, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: JSON(%q) decodes to %q, want %q", tc.name, in, got, want)
		}
	}
}

func TestJSONEscapes(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"bidi override", "{\"a\":\"x\u202ey\"}", `{"a":"x\u202ey"}`},
		{"C1 CSI rune", "[\"\u009b2J\"]", `["\u009b2J"]`},
		{"raw 8-bit byte", "[\"\x9b2J\"]", `["\ufffd2J"]`},
		{"tag character", "[\"a\U000E0041\"]", `["a\udb40\udc41"]`},
		{"line separator", "[\"a\u2028b\"]", `["a\u2028b"]`},
		{"escaped quote keeps the string open", "[\"\\\"\u202e\"]", `["\"\u202e"]`},
		{"raw ESC in a string (not JSON)", "[\"\x1b]52;c;eA==\x07\"]", `["\u001b]52;c;eA==\u0007"]`},
		{"raw CR in a string (not JSON)", "[\"a\rb\"]", `["a\u000db"]`},
		{"whitespace between tokens", "[1,\t2,\r\n3]", "[1, 2, \n3]"},
		{"ESC between tokens (not JSON)", "[1]\x1b[2J", `[1]\u001b[2J`},
		{"ordinary text stays", `{"名前":"héllo 😀 👩‍💻"}`, `{"名前":"héllo 😀 👩‍💻"}`},
	}
	buf := []byte("kept:")
	for _, tc := range tests {
		got := string(JSON([]byte(tc.in)))
		if got != tc.want {
			t.Errorf("%s: JSON(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		sanitizetest.Check(t, tc.name, got, true)
		// AppendJSON writes the same after what the buffer holds.
		buf = AppendJSON(buf[:len("kept:")], []byte(tc.in))
		if string(buf) != "kept:"+tc.want {
			t.Errorf("%s: AppendJSON(\"kept:\", %q) = %q, want %q", tc.name, tc.in, buf, "kept:"+tc.want)
		}
	}
}

// The common case costs no copy.
func TestJSONPlainIsUntouched(t *testing.T) {
	in := []byte("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1\n}\n")
	if out := JSON(in); &out[0] != &in[0] || !bytes.Equal(out, in) {
		t.Errorf("JSON(%q) = %q, want the input itself", in, out)
	}
}

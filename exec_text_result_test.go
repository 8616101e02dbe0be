package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The text of a tool result prints as the sanitizer makes it of the
// decoded text, whether exec writes it as it decodes it (plain text) or
// decodes it whole (anything the sanitizer changes), and a text that is
// not a string prints the result as JSON.
func TestExecPrintsToolTextAsSanitized(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"plain lines", `"line one\nline two\/3 \"quoted\" back\\slash \u0041"`},
		{"tabs and CRLF", `"a\tb\r\nc\rd"`},
		{"escape sequences", `"title\u001b]0;owned\u0007 and \u001b[31mred\u001b[0m"`},
		{"bidi and controls", "\"\u202eevil\u202c \\u0000 \\u009b x \\u2028 y\""},
		{"non-ASCII", `"café ☕ \ud83d\ude00"`},
		{"null", `null`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := statelessOn(t, "tools/call", func(x *mcptest.Exchange) {
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":` + tc.text + `},{"type":"image","mimeType":"image/png","data":"AAAA"}]}}`)
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
			var decoded string
			if err := json.Unmarshal([]byte(tc.text), &decoded); err != nil {
				t.Fatal(err)
			}
			want := sanitize.Text(decoded) + "\n[image image/png, 3 bytes]\n"
			if code != exitOK || !strings.Contains(out, want) {
				t.Errorf("exit %d, want the text printed as %q\n%s\n%s", code, want, out, errOut)
			}
		})
	}
	srv := statelessOn(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":42}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	if code != exitOK || !strings.Contains(out, `"text": 42`) {
		t.Errorf("exit %d, want a text that is a number shown in the result's JSON\n%s\n%s", code, out, errOut)
	}
}

// A large text is printed from the answer's JSON, not decoded, sanitized
// and formatted into copies of itself first.
func TestExecPrintsALargeTextWithoutCopies(t *testing.T) {
	const size = 16 << 20
	var line strings.Builder
	for line.Len() < size {
		line.WriteString(`0123456789 abcdefghijklmnopqrstuvwxyz \"quoted\"\n`)
	}
	result := []byte(`{"content":[{"type":"text","text":"` + line.String() + `"}]}`)
	var out bytes.Buffer
	out.Grow(2 * size)
	p := &printer{w: &out}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p.toolResult(&mcp.Response{Result: result})
	runtime.ReadMemStats(&after)
	var decoded struct {
		Content []struct{ Text string }
	}
	if err := json.Unmarshal(result, &decoded); err != nil {
		t.Fatal(err)
	}
	if out.String() != decoded.Content[0].Text+"\n" {
		t.Fatalf("printed %d bytes, want the %d of the text and a newline", out.Len(), len(decoded.Content[0].Text)+1)
	}
	// The content block is decoded once, keeping its text as JSON: one
	// copy. Decoding the text to a string, sanitizing it and formatting the
	// line made four.
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(result))*3/2 {
		t.Errorf("printing a %d MiB text allocated %.1f MiB", size>>20, float64(got)/(1<<20))
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The text of a tool result prints as the sanitizer makes it of the text
// encoding/json decodes, whether exec writes it as it decodes it (plain
// text) or decodes it whole (anything the sanitizer changes), and whichever
// member encoding/json would take when names differ only in case or come
// twice; a block whose text is not a string is said to be unreadable, the
// others printed.
func TestExecPrintsToolTextAsSanitized(t *testing.T) {
	image := `{"type":"image","mimeType":"image/png","data":"AAAA"}`
	for _, tc := range []struct{ name, result string }{
		{"plain lines", `{"content":[{"type":"text","text":"line one\nline two\/3 \"quoted\" back\\slash \u0041"},` + image + `]}`},
		{"tabs and CRLF", `{"content":[{"type":"text","text":"a\tb\r\nc\rd"},` + image + `]}`},
		{"escape sequences", `{"content":[{"type":"text","text":"title\u001b]0;owned\u0007 and \u001b[31mred\u001b[0m"}]}`},
		{"bidi and controls", "{\"content\":[{\"type\":\"text\",\"text\":\"\u202eevil\u202c \\u0000 \\u009b x \\u2028 y\"}]}"},
		{"non-ASCII", `{"content":[{"type":"text","text":"café ☕ \ud83d\ude00"}]}`},
		{"null and missing", `{"content":[{"type":"text","text":null},{"type":"text"}]}`},
		{"text twice", `{"content":[{"type":"text","text":"first","text":"second"}]}`},
		{"text in capitals", `{"content":[{"type":"text","text":"lower","TEXT":"upper"},{"type":"text","Text":"only"}]}`},
		{"Content", `{"Content":[{"type":"text","text":"capital"}],"content":[{"type":"text","text":"lower"}],"CONTENT":[` + image + `,{"type":"text","text":"last"}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + tc.result + `}`)
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
			// What exec printed when it decoded every block whole.
			var decoded struct{ Content []command.Content }
			if err := json.Unmarshal([]byte(tc.result), &decoded); err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			for _, c := range decoded.Content {
				line := sanitize.Text(c.Summary())
				if c.Type == "image" {
					// What exec adds of a block --save writes.
					line += " (--save FILE writes it)"
				}
				want.WriteString(line + "\n")
			}
			if code != exitOK || !strings.Contains(out, want.String()) {
				t.Errorf("exit %d, want the blocks printed as %q\n%s\n%s", code, want.String(), out, errOut)
			}
		})
	}
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":42},{"type":"text","text":"next"}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	if want := "unreadable content[0]: its \"text\" is not a string\nnext\n"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want a text that is a number said unreadable, %q\n%s\n%s", code, want, out, errOut)
	}
}

// A large text is printed from the answer's JSON, not decoded, sanitized
// and formatted into copies of itself first.
func TestExecPrintsALargeTextWithoutCopies(t *testing.T) {
	const size = 4 << 20
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
	p.toolResult("echo", &mcp.Response{Result: result})
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
	// The text is printed from the answer's bytes. Decoding it to a
	// string, sanitizing that and formatting the line made four copies.
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(result))/4 {
		t.Errorf("printing a %d MiB text allocated %.1f MiB", size>>20, float64(got)/(1<<20))
	}
}

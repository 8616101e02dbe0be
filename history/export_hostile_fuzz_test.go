package history

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// FuzzExportHostileRecords: whatever a server (or an edited recording) put
// in a message, a method, an id, a tool's name, an error or the URL, the
// JSON export is JSON and UTF-8 that a script can read, and the Markdown
// transcript keeps each message inside its own fenced block: a message
// whose backticks closed its fence early would turn the rest of the
// transcript into Markdown the server wrote (links, images, HTML) where it
// is shared. Both are safe on a terminal.
func FuzzExportHostileRecords(f *testing.F) {
	f.Add("1", "tools/call", "echo", `{"jsonrpc":"2.0","id":1,"method":"tools/call"}`, `{"jsonrpc":"2.0","id":1,"result":{}}`, "boom", "http://h/mcp")
	f.Add("\"a\"", "x`y", "t|o", "```\n# hi\n```", "````", "<img src=x>", "http://h/```")
	f.Add("\xff", "\x1b[2J", "\u202e", "{\"a\":\"\xff\"}", "{\"a\":\"```\\n\"}", "\r\n```\r\n", "\x00")
	f.Add("1", "m", "", "~~~\n```json\n", "``` text\n", "`", "")
	f.Fuzz(func(t *testing.T, id, method, tool, reqRaw, respRaw, errMsg, url string) {
		s := newScript()
		req := s.send(mcp.ClassRequest, id, method, tool, reqRaw)
		s.post(req, 202, 0)
		s.recv(mcp.ClassResponse, id, req, respRaw)
		s.recv(mcp.ClassNotification, "", 0, respRaw+reqRaw)
		other := s.send(mcp.ClassRequest, id+"2", method, tool, respRaw)
		s.fail(mcp.OpTimeout, other, errMsg, errMsg)
		h := testHeader()
		h.URL = url
		log := s.log()

		var js strings.Builder
		if err := ExportJSON(&js, h, log); err != nil {
			t.Fatalf("ExportJSON: %v", err)
		}
		if !utf8.ValidString(js.String()) || !json.Valid([]byte(js.String())) {
			t.Fatalf("the JSON export is not JSON in UTF-8:\n%s", js.String())
		}
		sanitizetest.Check(t, "ExportJSON", js.String(), true)

		var md strings.Builder
		if err := ExportMarkdown(&md, h, log); err != nil {
			t.Fatalf("ExportMarkdown: %v", err)
		}
		sanitizetest.Check(t, "ExportMarkdown", md.String(), true)
		// Walk the fences as CommonMark does: a fence of n backticks
		// closes at a line of n or more backticks alone. The export opens
		// each with a json or text tag, so a close that came early shows
		// as a later fence opened with no tag, or one left open.
		open := 0
		for i, line := range strings.Split(md.String(), "\n") {
			trimmed := strings.TrimLeft(line, " ")
			if len(line)-len(trimmed) > 3 {
				continue // indented code, no fence
			}
			run := len(trimmed) - len(strings.TrimLeft(trimmed, "`"))
			switch {
			case open > 0:
				if run >= open && strings.TrimSpace(trimmed[run:]) == "" {
					open = 0
				}
			case run >= 3:
				if tag := trimmed[run:]; tag != "json" && tag != "text" {
					t.Fatalf("line %d of the transcript opens a fence tagged %q: a message broke out of its block\n%s", i+1, tag, md.String())
				}
				open = run
			}
		}
		if open > 0 {
			t.Fatalf("the transcript ends inside a fenced block\n%s", md.String())
		}
	})
}

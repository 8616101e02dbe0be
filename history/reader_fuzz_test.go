package history

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// fuzzHeader is a version 2 header line, prepended when the fuzzer asks for
// one so that the records after it are read at all.
const fuzzHeader = `{"format":"mcpscope-session","version":2,"mcpscope":"fuzz","url":"http://127.0.0.1:9600/mcp","transport":"streamable","started":"2026-11-20T21:57:41Z"}` + "\n"

// FuzzReadRecording: a hostile, damaged or truncated recording is read to
// its end or to an error by every reader of recordings (replay's Next, the
// sessions listing's skim, the panes' index and read-back, both exports),
// never with a panic or a loop that does not end, and what the listing and
// the exports print of it is safe on a terminal.
func FuzzReadRecording(f *testing.F) {
	v1, err := os.ReadFile("testdata/v1-session.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(false, v1)
	f.Add(false, v1[:len(v1)/2])
	f.Add(false, []byte("\xef\xbb\xbf"+fuzzHeader))
	f.Add(false, []byte{0x1f, 0x8b, 8, 0})
	f.Add(false, []byte(`{"format":"mcpscope-session","version":"x","started":7}`+"\n"+`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}`))
	f.Add(false, []byte(`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state"}`+"\n"))
	f.Add(false, []byte(`{"format":"mcpscope-session","version":2,"url":"http://h/\u001b]52;c;AAAA\u0007\u202e\u0085","started":"2026-11-20T21:57:41Z"}
{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"error","error":{"op":"send\u001b[2J","message":"\u001b]8;;http://x/\u001b\\l\u009b","hint":"\r\u200f"}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"response","id":"\u001b[31m1","method":"\u202e","raw":"{\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"\\u001b[2J\u001b[2J\"}]}}"}}
{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"http","http":{"purpose":"post","method":"P\u001bOST","url":"http://h/\u0007","status":500,"status_line":"500 \u001b[2J","headers":{"X-\u001b":["\u009d0;t\u0007"]},"body":"\u001b[H"}}
`))
	for _, body := range []string{
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"conn":1,"raw":"data: {}\n\n","data_at":[6,8]}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"invalid","raw_of":{"seq":99,"from":0,"to":2}}}
{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"response","id":"1","raw_of":{"seq":1,"from":0,"to":2}}}
{"seq":4,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"conn":1,"raw":"data: x\n\n","data_at":[6,99]}}
{"seq":5,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"invalid","raw_of":{"seq":1,"from":-1,"to":2}}}`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"raw":": ping\n\ndata: a\r\ndata: b\r\n\r\n","data_from_raw":true}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"request","id":"1","method":"tools/call","raw":"{\"id\":1}"}}
{"seq":3,"time":"bad","kind":"http","http":{"status":-1,"headers":{"A":[null]}}}
{"format":"mcpscope-session"}
{"seq":4,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"response","id":"1","raw":"{\"id\":1,\"result\":{\"isError\":true}}"}}` + "\n\x00\x00\x00",
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"error","error":{"message":"x"}}` + "\r\n[[[[[{\"a\":\"" + strings.Repeat(`\"`, 300) + "\r\n{\"seq\":",
		// Records out of order, a numbering begun again at 1 (the
		// proxy's GETs before initialize), and a recording closed or not.
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"connecting"}}
{"seq":3,"time":"2026-11-20T21:57:42Z","kind":"state","state":{"state":"open"}}
{"seq":2,"time":"2026-11-20T21:57:40Z","kind":"state","state":{"state":"open"}}
{"seq":1,"time":"2026-11-20T21:57:43Z","kind":"state","state":{"state":"connecting"}}
{"seq":1,"time":"2026-11-20T21:57:43Z","kind":"state","state":{"state":"connecting"}}
{"seq":-5,"time":"0001-01-01T00:00:00Z","kind":"state","state":{"state":"closed"}}
`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"request","id":"1","method":"tools/call","raw":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}"}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed"}}
{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"reconnecting"}}
`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed"}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"clo`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed"}}` + "\n\n   \n",
		`{"seq":9223372036854775807,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"open"}}
{"seq":-9223372036854775808,"time":"2026-11-20T21:57:41Z","kind":"state","state":{"state":"closed","detail":"\u001b[2J"}}`,
	} {
		f.Add(true, []byte(body))
	}
	f.Fuzz(func(t *testing.T, header bool, body []byte) {
		path := filepath.Join(t.TempDir(), "s.jsonl")
		if header {
			body = append([]byte(fuzzHeader), body...)
		}
		if err := os.WriteFile(path, body, 0o600); err != nil {
			t.Fatal(err)
		}
		lines := strings.Count(string(body), "\n") + 1
		if r, err := Open(path); err == nil {
			n := 0
			var last mcp.Record
			var end error
			for ; n <= lines; n++ {
				rec, err := r.Next()
				if err != nil {
					end = err
					break
				}
				last = rec
			}
			if n > lines {
				t.Fatalf("Next returned more records (%d) than the file has lines (%d)", n, lines)
			}
			// What the reader notes of the file is said on lines of
			// their own, a bounded number, and a recording that ends
			// with its close is not said to end without it.
			warnings := r.Warnings()
			if len(warnings) > 105 {
				t.Errorf("%d warnings for %d lines", len(warnings), lines)
			}
			for _, w := range warnings {
				sanitizetest.Check(t, "Reader warning", w, false)
				if w == unclosedNote && errors.Is(end, io.EOF) && closes(last.Kind, last.State) {
					t.Errorf("a recording whose last record (%d) closes it is said to end without its close", last.Seq)
				}
			}
			r.Close()
		}
		info := describe(path)
		sanitizetest.Check(t, "RenderSessions", RenderSessions([]SessionInfo{info}, 100), true)
		log, h, _, err := LoadLog(path)
		if err != nil {
			return
		}
		defer log.Close()
		if log.Len() > lines {
			t.Fatalf("LoadLog read %d records from %d lines", log.Len(), lines)
		}
		for i := 0; i < log.Len(); i++ {
			log.At(i)
		}
		for i := 0; i < log.PairCount(); i++ {
			log.Pair(i)
		}
		var md, js strings.Builder
		if err := ExportMarkdown(&md, h, log); err != nil && !errors.Is(err, io.EOF) {
			t.Logf("ExportMarkdown: %v", err)
		}
		sanitizetest.Check(t, "ExportMarkdown", md.String(), true)
		if err := ExportJSON(&js, h, log); err != nil {
			t.Logf("ExportJSON: %v", err)
		}
		sanitizetest.Check(t, "ExportJSON", js.String(), true)
	})
}

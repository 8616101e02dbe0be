package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A -H value holding a quote or a backslash is redacted where the server
// echoes it without making the echo something other than JSON: its
// spelling is matched within a string's content (or as a whole value),
// never across the quote that ends a string. Every line of the recording
// parses, and so does every JSON-RPC message and every event's data in it,
// on streamable HTTP and on the legacy stream.
func TestQuotedSecretRedactionKeepsJSON(t *testing.T) {
	base := demotest.Start(t, demo.Options{}).URL
	for _, c := range []struct{ secret, echoed, gone string }{
		{`ab"cd\efgh12`, `ab"cd\efgh12`, `efgh12`},
		{`"quoted-secret"`, `quoted-secret`, `quoted-secret`},
	} {
		for _, path := range []string{"/mcp", "/sse"} {
			file := filepath.Join(t.TempDir(), "s.jsonl")
			_, errOut, code := run(t, "exec", "--record", file, "-H", "X-Key: "+c.secret, base+path,
				"tools/call fail message="+shellQuoted(c.echoed), "tools/call greet name="+shellQuoted(c.secret))
			if code != exitOK && code != exitFailed {
				t.Fatalf("%s %s: exit %d\n%s", path, c.secret, code, errOut)
			}
			checkRecordingJSON(t, file, c.gone)
		}
	}
}

// shellQuoted is s as one word of exec's command line.
func shellQuoted(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// checkRecordingJSON fails the test for a line of the recording that does
// not parse, a message or JSON event data in it that does not, or a line
// that holds gone.
func checkRecordingJSON(t *testing.T, file, gone string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.Contains(line, gone) {
			t.Errorf("%s line %d holds %q: %.400s", file, n, gone, line)
		}
		var rec struct {
			RPC *struct {
				Raw string `json:"raw"`
			} `json:"rpc"`
			Event *struct {
				Raw  string `json:"raw"`
				Data string `json:"data"`
			} `json:"event"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Errorf("%s line %d is no JSON (%v): %.400s", file, n, err, line)
			continue
		}
		if rec.RPC != nil && rec.RPC.Raw != "" && !json.Valid([]byte(rec.RPC.Raw)) {
			t.Errorf("%s line %d: the message is no longer JSON: %.400s", file, n, rec.RPC.Raw)
		}
		if rec.Event == nil {
			continue
		}
		// A recording keeps an event's raw bytes and leaves out its data
		// when the raw bytes spell it.
		data := []string{rec.Event.Data}
		for _, l := range strings.Split(rec.Event.Raw, "\n") {
			if v, ok := strings.CutPrefix(l, "data:"); ok {
				data = append(data, strings.TrimSpace(v))
			}
		}
		for _, d := range data {
			if strings.HasPrefix(d, "{") && !json.Valid([]byte(d)) {
				t.Errorf("%s line %d: the event's data is no longer JSON: %.400s", file, n, d)
			}
		}
	}
	if n < 5 {
		t.Errorf("%s has %d lines, want a whole session", file, n)
	}
}

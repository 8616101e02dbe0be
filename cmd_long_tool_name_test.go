package main

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server lists a tool whose name is a megabyte long, with an
// outputSchema its answers break, and a client calls it through the
// proxy. exec's listing, exec's heading for the call, the export's heading
// and the JSON's tool, and a re-run's report, name it by its first 160
// bytes and its size: each held the whole megabyte, the listing and the
// headings on one line. The proxy still finds the tool's outputSchema by
// the whole name, and the re-run still calls the tool by it.
func TestLongToolNameIsCutWhereShown(t *testing.T) {
	name := strings.Repeat("t", 1<<20)
	cut := "t… (1048576 bytes)"
	var whole atomic.Int32 // the calls that named the tool whole
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Result(json.RawMessage(`{"tools":[{"name":"` + name + `","inputSchema":{"type":"object"},"outputSchema":` + reportSchema + `}]}`))
		case "tools/call":
			var params struct{ Name string }
			if json.Unmarshal(x.Params, &params) == nil && params.Name == name {
				whole.Add(1)
			}
			x.Result(json.RawMessage(`{"content":[{"type":"text","text":"three"}],"structuredContent":{"count":"three"}}`))
		default:
			x.Default()
		}
	}})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	out, errOut, code := run(t, "exec", "--no-record", h.run.base+"/mcp", "tools/list", "tools/call "+name)
	if code != exitOK {
		t.Fatalf("exec through the proxy: exit %d\n%.2000s\n%.2000s", code, out, errOut)
	}
	h.stop()
	if !strings.Contains(out, cut) {
		t.Errorf("exec's output does not name the tool by its start and size %q:\n%.2000s", cut, out)
	}
	if !strings.Contains(h.errw.String(), "structuredContent breaks the outputSchema") {
		t.Errorf("the proxy no longer finds the long-named tool's outputSchema:\n%.3000s", h.errw.String())
	}

	recording := onlyRecording(t, h.dir)
	md, errOut, code := run(t, "export", recording)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	heads := 0
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "### ") && strings.Contains(line, "tools/call") {
			if heads++; len(line) > 300 || !strings.Contains(line, cut) {
				t.Errorf("the call's heading is %d bytes (%.80q…), want at most 300 saying %q", len(line), line, cut)
			}
		}
	}
	if heads != 1 {
		t.Errorf("%d headings of tools/call in the transcript, want 1:\n%.2000s", heads, md)
	}

	js, errOut, code := run(t, "export", "--format", "json", recording)
	if code != exitOK {
		t.Fatalf("export --format json: exit %d: %s", code, errOut)
	}
	var doc struct {
		Pairs []struct {
			Method string `json:"method"`
			Tool   string `json:"tool"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, p := range doc.Pairs {
		if p.Method == "tools/call" {
			if calls++; len(p.Tool) > 200 || !strings.HasSuffix(p.Tool, cut) {
				t.Errorf("the JSON's tool is %d bytes (%.80q…), want at most 200 ending %q", len(p.Tool), p.Tool, cut)
			}
		}
	}
	if calls != 1 {
		t.Errorf("%d tools/call pairs in the JSON, want 1", calls)
	}
	rerun, errOut, code := run(t, "replay", recording, "--against", srv.Endpoint())
	if code != exitOK && code != exitFailed {
		t.Fatalf("replay: exit %d\n%.2000s\n%.2000s", code, rerun, errOut)
	}
	if !strings.Contains(rerun, "tools/call "+strings.Repeat("t", 100)) || !strings.Contains(rerun, cut) {
		t.Errorf("the re-run's report does not name the call by the tool's start and size %q:\n%.2000s", cut, rerun)
	}
	if n := whole.Load(); n != 2 {
		t.Errorf("%d calls named the tool whole, want 2 (exec's and the re-run's)", n)
	}
	for _, s := range []string{out, errOut, h.errw.String(), rerun} {
		for line := range strings.Lines(s) {
			if len(line) > 1000 {
				t.Errorf("a line of %d bytes: %.300q…", len(line), line)
			}
		}
	}
}

package history

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A prompts/get of a megabyte name and a resources/read of a megabyte URI
// export, from their recording, as rows whose heading and JSON subject are
// a few hundred bytes saying how long the name was: both carried the whole
// megabyte, the Markdown heading one line of it.
func TestExportCutsALongSubject(t *testing.T) {
	at := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	long := strings.Repeat("p", 1<<20)
	sent := func(seq int64, method, key string) mcp.Record {
		id := strconv.FormatInt(seq, 10)
		return mcp.Record{Seq: seq, Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: id, Method: method,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":{"` + key + `":"` + long + `"}}`)}}
	}
	p := loaded(t, record(t, []mcp.Record{sent(1, "prompts/get", "name"), sent(2, "resources/read", "uri")}, RecordOptions{}))
	l := p.NewLog()
	t.Cleanup(func() { l.Close() })
	playAll(t, p, l)
	cut := "… (1048576 bytes)"

	md := closedExport(t, Header{URL: "http://127.0.0.1/mcp"}, l)
	var heads []string
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "### ") {
			heads = append(heads, line)
		}
	}
	if len(heads) != 2 {
		t.Fatalf("%d rows in the transcript, want the two requests", len(heads))
	}
	for _, h := range heads {
		if len(h) > 300 || !strings.Contains(h, cut) {
			t.Errorf("the row's heading is %d bytes (%.80q…), want at most 300 saying %q", len(h), h, cut)
		}
	}

	var b strings.Builder
	if err := ExportJSON(&b, Header{URL: "http://127.0.0.1/mcp"}, l); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Pairs []struct {
			Subject string `json:"subject"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Pairs) != 2 {
		t.Fatalf("%d pairs in the JSON, want the two requests", len(doc.Pairs))
	}
	for _, pr := range doc.Pairs {
		if len(pr.Subject) > 200 || !strings.HasSuffix(pr.Subject, cut) {
			t.Errorf("the JSON subject is %d bytes (%.80q…), want at most 200 ending %q", len(pr.Subject), pr.Subject, cut)
		}
	}
}

// A completion/complete of a megabyte ref is named by the ref's start, how
// long it was, and the argument it completed, which a cut of the whole
// would have lost.
func TestSubjectOfLongCompletionKeepsTheArgument(t *testing.T) {
	raw := `{"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"` +
		strings.Repeat("r", 1<<20) + `"},"argument":{"name":"language","value":"py"}}}`
	got := SubjectOf(&mcp.RPCMessage{Method: "completion/complete", Raw: mcp.Raw(raw)})
	if len(got) > 200 || !strings.HasSuffix(got, "… (1048576 bytes) language") {
		t.Errorf("SubjectOf = %d bytes (%.80q…), want at most 200 ending %q", len(got), got, "… (1048576 bytes) language")
	}
}

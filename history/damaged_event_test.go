package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A message whose bytes are kept in the event line before it (format 2)
// cannot be read when that line is damaged: the warning says so, where it
// said "raw_of names event record 7, which is not the last event before
// it", the file format's words.
func TestAMessageWhoseEventLineIsDamagedSaysWhy(t *testing.T) {
	msg := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}`
	recs := []mcp.Record{
		{Seq: 1, Time: scriptStart, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "message",
			Data: mcp.Raw(msg), Raw: mcp.Raw("event: message\ndata: " + msg + "\n\n")}},
		{Seq: 2, Time: scriptStart, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
			Method: "notifications/message", Conn: 1, Raw: mcp.Raw(msg)}},
	}
	whole, err := os.ReadFile(record(t, recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(whole, []byte("\n"))
	at := -1
	for i, l := range lines {
		if bytes.Contains(l, []byte(`"raw_of"`)) {
			at = i
			break
		}
	}
	if at < 1 || !bytes.Contains(lines[at-1], []byte(`"kind":"event"`)) {
		t.Fatalf("no message after its event in the recording:\n%s", whole)
	}
	lines[at-1] = lines[at-1][:20] // the event line, damaged
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, bytes.Join(lines, []byte("\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	_, r := readAll(t, path)
	w := strings.Join(r.Warnings(), "\n")
	if !strings.Contains(w, "is not a record (its bytes are kept in event record ") || !strings.Contains(w, "the event line before it, which could not be read (damaged or removed)") {
		t.Errorf("warnings %q do not say the message's event line is damaged", w)
	}
}

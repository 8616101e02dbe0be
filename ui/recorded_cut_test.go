package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A recorded live session's screen reads its records back from the
// recording; when something empties the file while the screen is up, the
// events pane and the detail of every pair and event say that the
// recording can no longer be read, where before the events pane panicked
// on an entry that came back as an error record with no event in it.
func TestRecordedLiveSessionWhoseFileWasEmptied(t *testing.T) {
	path := filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := history.Create(path, history.Header{URL: "http://127.0.0.1:1/sse", Transport: mcp.TransportSSE, Started: time.Now()}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	file := rec.NewLog()
	defer file.Close()
	t0 := time.Now()
	recs := []mcp.Record{
		{Kind: mcp.KindState, State: &mcp.StateChange{State: "connecting", Conn: 1}},
		{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Stream: mcp.StreamLegacy, Name: "endpoint", Data: "/messages?s=1", Raw: "event: endpoint\ndata: /messages?s=1\n\n"}},
		{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: "1", Method: "tools/list", Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`}},
		{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Stream: mcp.StreamLegacy, Name: "message", Data: `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`,
			Raw: "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n"}},
		{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1", Method: "tools/list", ReqSeq: 3, Conn: 1,
			Raw: `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`}},
	}
	for i := range recs {
		recs[i].Seq, recs[i].Time = int64(i+1), t0.Add(time.Duration(i)*time.Millisecond)
		if err := rec.Write(recs[i]); err != nil {
			t.Fatal(err)
		}
		file.Append(recs[i])
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	in := make(chan []mcp.Record)
	close(in)
	m := New(Options{Records: in, Log: file, Styles: testStyles(), URL: "http://127.0.0.1:1/sse", Transport: mcp.TransportSSE, RecordingPath: path})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	_ = m.View()
	if file.EventCount() != 2 || file.PairCount() != 1 {
		t.Fatalf("the Log has %d events and %d pairs, want 2 and 1", file.EventCount(), file.PairCount())
	}
	for i := range file.EventCount() {
		if text := strings.Join(eventDetailOf(m, file, i), "\n"); !strings.Contains(text, "got shorter") {
			t.Errorf("event %d's detail does not say the recording got shorter:\n%s", i, text)
		}
	}
	if text := strings.Join(detailOf(m, file, 0), "\n"); !strings.Contains(text, "got shorter") {
		t.Errorf("the pair's detail does not say the recording got shorter:\n%s", text)
	}
}

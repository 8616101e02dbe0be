package proxy

import (
	"bufio"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client's Content-Length is a promise, not bytes: a handful of
// connections each announcing a body just under --max-event-size and
// sending one byte of it made the proxy set aside the whole announced
// size for each at once (40 such connections, a few hundred bytes each,
// took 2.3 GB), held until the body timed out a minute later. What is
// set aside grows with what came.
func TestAnnouncedBodyIsNotSetAsideBeforeItComes(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	const announced, clients = 32 << 20, 4
	_, base, _ := startProxy(t, srv.URL+"/mcp", Config{MaxEventSize: 64 << 20})
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for range clients {
		conn := rawConn(t, base)
		// Expect: 100-continue is answered once the proxy starts reading
		// the body: by then it has chosen how much to set aside.
		fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"+
			"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n", strings.TrimPrefix(base, "http://"), announced)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("no 100 Continue to a POST announcing %d bytes: %v", announced, err)
		}
		if resp.StatusCode != http.StatusContinue {
			t.Fatalf("answer %s, want 100 Continue", resp.Status)
		}
		fmt.Fprint(conn, "{")
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	// Set aside as announced, the bodies hold clients*announced (128 MiB);
	// as they come, a few hundred KiB. The bound is half of one announced
	// body: what any one connection set aside ahead of its bytes is over
	// it, and what the rest of the process (the demo, another test's
	// goroutines winding down) keeps alive across the measure has that
	// much room.
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > announced/2 {
		t.Errorf("%d clients that announced %d MiB and sent 1 byte each grew the heap by %d MiB, want under %d", clients, announced>>20, grew>>20, announced>>21)
	}
	ok := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
		"Accept", "application/json, text/event-stream")
	if ok.StatusCode != http.StatusOK {
		t.Errorf("another client's initialize got %s, want 200", ok.Status)
	}
}

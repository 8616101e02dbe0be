package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// longNameEvent is an event whose name is n bytes of control characters,
// quotes and backslashes: each escapes to two to six bytes.
func longNameEvent(n int) mcp.Record {
	name := strings.Repeat("\x01\"\\\x1b", n/4)
	return mcp.Record{
		Seq: 3, Time: time.Unix(1700000000, 0).UTC(), Kind: mcp.KindEvent,
		Event: &mcp.SSEEvent{Conn: 1, Name: name, Data: "odd", Raw: mcp.Raw("event: " + name + "\ndata: odd\n\n")},
	}
}

// exec --json spells an event's name out (no other line holds the raw bytes
// name_at would point into). A long one is written as the payloads are,
// straight to the writer: encoding/json built it whole, escaped, several
// times over (a 40 MB name of control bytes took exec to 1.4 GB). The line
// still reads back with the name every byte the server sent, and holds no
// control byte; a name that is not UTF-8 reads back as encoding/json wrote
// it, each stray byte U+FFFD.
func TestLineWriterLongEventName(t *testing.T) {
	rec := longNameEvent(1 << 20)
	notUTF8 := longNameEvent(1 << 20)
	notUTF8.Event.Name += "\xff\xfe" + notUTF8.Event.Name
	for _, tc := range []struct {
		what string
		rec  mcp.Record
		want string
	}{
		{"control bytes", rec, rec.Event.Name},
		{"not UTF-8", notUTF8, strings.Replace(notUTF8.Event.Name, "\xff\xfe", "\ufffd\ufffd", 1)},
	} {
		// Written where nothing is kept, the line costs a few small
		// allocations (and a name that is not UTF-8 one copy, made
		// valid), not the name escaped, several times over.
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		discard := bufio.NewWriter(io.Discard)
		if err := NewLineWriter(discard, RecordOptions{}, "http://127.0.0.1:1/mcp").Write(tc.rec); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > 2*uint64(len(tc.rec.Event.Name)) {
			t.Errorf("%s: writing the line of a %d-byte name allocated %d bytes, want it written straight to the writer", tc.what, len(tc.rec.Event.Name), n)
		}

		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		if err := NewLineWriter(w, RecordOptions{}, "http://127.0.0.1:1/mcp").Write(tc.rec); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		line := out.String()
		if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "}\n") {
			t.Fatalf("%s: not one line ending in a newline", tc.what)
		}
		sanitizetest.Check(t, "exec --json line", strings.TrimSuffix(line, "\n"), false)
		var back struct {
			Event struct {
				Name string `json:"name"`
				Raw  string `json:"raw"`
			} `json:"event"`
		}
		if err := json.Unmarshal([]byte(line), &back); err != nil {
			t.Fatalf("%s: the line is not JSON a reader can decode: %v", tc.what, err)
		}
		if back.Event.Name != tc.want {
			t.Errorf("%s: event.name reads back as %d bytes, want the %d the server sent", tc.what, len(back.Event.Name), len(tc.want))
		}
		if back.Event.Raw != string(tc.rec.Event.Raw) {
			t.Errorf("%s: event.raw reads back as %d bytes, want %d", tc.what, len(back.Event.Raw), len(tc.rec.Event.Raw))
		}
	}
}

// BenchmarkLineWriterLongEventName writes the line of an event with a 16 MB
// name of control bytes: B/op is what exec --json allocates for it.
func BenchmarkLineWriterLongEventName(b *testing.B) {
	rec := longNameEvent(16 << 20)
	w := bufio.NewWriter(io.Discard)
	lw := NewLineWriter(w, RecordOptions{}, "http://127.0.0.1:1/mcp")
	b.ReportAllocs()
	for b.Loop() {
		if err := lw.Write(rec); err != nil {
			b.Fatal(err)
		}
	}
}

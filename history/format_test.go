package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/mcpscope/mcpscope/history/internal/synth"
	"github.com/mcpscope/mcpscope/mcp"
)

// bytes is the line in one piece.
func (l encodedLine) bytes() []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	l.writeTo(w, nil)
	w.Flush()
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// msgEvent is an event record as the session emits it, with the message
// record that follows it: same time, the message's bytes shared with the
// event's data.
func msgEvent(seq int64, ev mcp.SSEEvent, class mcp.Class, raws ...string) []mcp.Record {
	at := scriptStart.Add(100 * 1e6)
	ev.Conn = 1
	out := []mcp.Record{{Seq: seq, Time: at, Kind: mcp.KindEvent, Event: &ev}}
	for i, raw := range raws {
		out = append(out, mcp.Record{Seq: seq + 1 + int64(i), Time: at, Kind: mcp.KindReceived,
			RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: class, Conn: 1, Raw: mcp.Raw(raw)}})
	}
	return out
}

// canonical is an event as the tap frames it: data a span of the raw bytes.
func canonical(name, data, end string) mcp.SSEEvent {
	raw := "event: " + name + end + "data: " + data + end + end
	return mcp.SSEEvent{Name: name, Raw: mcp.Raw(raw), Data: mcp.Raw(raw[len("event: "+name+end+"data: ") : len(raw)-2*len(end)])}
}

func TestFormatStoresMessageBytesOnce(t *testing.T) {
	const marker = `"marker-7f3a"`
	msg := `{"jsonrpc":"2.0","id":1,"result":{"v":` + marker + `}}`
	batch := `[{"jsonrpc":"2.0","method":"a","params":` + marker + `},{"jsonrpc":"2.0","method":"b"}]`
	multi := mcp.SSEEvent{Raw: "data: {\"a\":\ndata: " + marker + "}\n\n", Data: "{\"a\":\n" + marker + "}"}
	bom := mcp.SSEEvent{Raw: mcp.Raw("\xef\xbb\xbfdata: " + msg + "\n\n"), Data: mcp.Raw(msg)}
	var every strings.Builder
	for c := range 128 {
		every.WriteByte(byte(c))
	}
	every.WriteString(`é€😀\"`)
	bigMsg := `{"t":"` + strings.Repeat(every.String(), 1000) + marker + `"}` // past streamAbove
	bigBin := strings.Repeat("\xff\x00", 40000) + marker
	binData := "\xff\xfe" + marker
	bin := mcp.SSEEvent{Name: "message", Raw: mcp.Raw("event: message\r\ndata: " + binData + "\r\n\r\n"), Data: mcp.Raw(binData)}
	tests := []struct {
		name string
		recs []mcp.Record
		// copies is how often the marker's bytes may be in the file.
		copies int
	}{
		{"LF event and its message", msgEvent(1, canonical("message", msg, "\n"), mcp.ClassResponse, msg), 1},
		{"CRLF event", msgEvent(1, canonical("message", msg, "\r\n"), mcp.ClassResponse, msg), 1},
		{"CR event", msgEvent(1, canonical("message", msg, "\r"), mcp.ClassResponse, msg), 1},
		{"multi-line data", msgEvent(1, multi, mcp.ClassInvalid, string(multi.Data)), 1},
		{"byte order mark", msgEvent(1, bom, mcp.ClassResponse, msg), 1},
		{"bytes that are not UTF-8", msgEvent(1, bin, mcp.ClassInvalid, binData), 1},
		{"id, retry and comments", msgEvent(1, mcp.SSEEvent{Name: "message", ID: "7", HasID: true, Retry: "10",
			Comments: []string{" hi"}, Raw: mcp.Raw(": hi\nid: 7\nretry: 10\nevent: message\ndata: " + msg + "\n\n"), Data: mcp.Raw(msg)},
			mcp.ClassResponse, msg), 1},
		{"a batch and its messages", func() []mcp.Record {
			ev := canonical("message", batch, "\n")
			d := string(ev.Data)
			i := strings.Index(d, "},{") + 1
			return msgEvent(1, ev, mcp.ClassBatch, d, d[1:i], d[i+1:len(d)-1])
		}(), 1},
		{"a large answer with every character", msgEvent(1, canonical("message", bigMsg, "\n"), mcp.ClassResponse, bigMsg), 1},
		{"a large answer that is not UTF-8", msgEvent(1, mcp.SSEEvent{Raw: mcp.Raw("data: " + bigBin + "\n\n"), Data: mcp.Raw(bigBin + "!")}, mcp.ClassInvalid, bigBin), 1},
		{"keep-alive", msgEvent(1, mcp.SSEEvent{Comments: []string{"ping"}, Raw: ": ping\n\n"}, ""), 0},
		{"data the parser would not give", msgEvent(1, mcp.SSEEvent{Raw: mcp.Raw("data: " + msg + "\n\n"), Data: "cut " + marker}, ""), 2},
		{"an event dropped unparsed", msgEvent(1, mcp.SSEEvent{Raw: mcp.Raw("data: " + marker)}, ""), 1},
		// Read back as cut, a replay shows it as the live session did,
		// where it read as a block of comments with no data.
		{"an event the stream stopped inside", msgEvent(1, mcp.SSEEvent{Raw: mcp.Raw("event: message\ndata: " + marker), Cut: true}, ""), 1},
		{"a message with no event (an HTTP answer)", []mcp.Record{{Seq: 1, Time: scriptStart, Kind: mcp.KindReceived,
			RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, Raw: mcp.Raw(msg)}}}, 1},
		{"a message after an event that does not hold it", append(msgEvent(1, canonical("message", "{}", "\n"), ""),
			mcp.Record{Seq: 2, Time: scriptStart, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Raw: mcp.Raw(msg)}}), 1},
		{"a sent message equal to the event's data", append(msgEvent(1, canonical("message", msg, "\n"), ""),
			mcp.Record{Seq: 2, Time: scriptStart, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Raw: mcp.Raw(msg)}}), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := record(t, tt.recs, RecordOptions{})
			got, r := readAll(t, path)
			if !reflect.DeepEqual(got, tt.recs) {
				t.Fatalf("read back:\n%s\nwant:\n%s", dump(got), dump(tt.recs))
			}
			if w := damage(r.Warnings()); len(w) > 0 {
				t.Errorf("warnings %q", w)
			}
			file, _ := os.ReadFile(path)
			if n := bytes.Count(file, []byte(`marker-7f3a`)); n != tt.copies && !strings.Contains(tt.name, "UTF-8") {
				t.Errorf("the message's bytes are in the file %d times, want %d:\n%s", n, tt.copies, file)
			}
			assertShared(t, got)
		})
	}
}

// assertShared checks that every message read back shares the memory of
// the event data it came in, as the live session's did.
func assertShared(t *testing.T, recs []mcp.Record) {
	t.Helper()
	var data string
	for _, r := range recs {
		if r.Event != nil {
			data = string(r.Event.Data)
			continue
		}
		if r.Kind != mcp.KindReceived || data == "" || !strings.Contains(data, string(r.RPC.Raw)) || r.RPC.Raw == "" {
			continue
		}
		d, m := unsafe.StringData(data), unsafe.StringData(string(r.RPC.Raw))
		if uintptr(unsafe.Pointer(m)) < uintptr(unsafe.Pointer(d)) || uintptr(unsafe.Pointer(m)) >= uintptr(unsafe.Pointer(d))+uintptr(len(data)) {
			t.Errorf("record %d holds its own copy of the message", r.Seq)
		}
	}
}

func dump(recs []mcp.Record) string {
	var b strings.Builder
	for _, r := range recs {
		line, _ := json.Marshal(r)
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// FuzzFormatRoundTrip: whatever an event holds and whichever part of its
// data a message is, the records read back equal the ones written.
func FuzzFormatRoundTrip(f *testing.F) {
	f.Add("event: message\ndata: {\"a\":1}\n\n", 0, 7, uint8(0))
	f.Add("data: a\r\ndata: b\r\n\r\n", 0, 3, uint8(1))
	f.Add("\xef\xbb\xbfdata: x\n\n", 0, 1, uint8(1))
	f.Add(": ping\n\n", 0, 0, uint8(2))
	f.Add("data: \xff\xfe\n\n", 1, 2, uint8(0))
	f.Fuzz(func(t *testing.T, raw string, from, to int, how uint8) {
		ev := mcp.SSEEvent{Raw: mcp.Raw(raw)}
		switch how % 3 {
		case 0: // data a span of raw, as the tap cuts it
			if from < 0 || to < from || to > len(raw) {
				return
			}
			ev.Data = mcp.Raw(raw[from:to])
		case 1: // data as a parser reads it
			ev.Data = mcp.Raw(eventData(raw))
		case 2: // data unrelated to raw
			ev.Data = mcp.Raw(strings.ToUpper(raw))
		}
		data := string(ev.Data)
		part := data
		if from >= 0 && to >= from && to <= len(data) {
			part = data[from:to]
		}
		recs := msgEvent(1, ev, mcp.ClassResponse, data, part)
		var enc encoder
		var dec decoder
		var got []mcp.Record
		for _, r := range recs {
			line, err := enc.encode(r)
			if err != nil {
				t.Fatal(err)
			}
			back, err := dec.decode(line.bytes())
			if err != nil {
				t.Fatalf("%s does not read back: %v", line, err)
			}
			got = append(got, back)
		}
		if !reflect.DeepEqual(got, recs) {
			t.Fatalf("read back:\n%s\nwant:\n%s", dump(got), dump(recs))
		}
	})
}

// A version 1 recording (written by mcpscope before version 2, with every
// message three times) reads back as the records it was written from, and
// the copies are shared again in memory.
func TestReadsVersion1Recordings(t *testing.T) {
	const path = "testdata/v1-session.jsonl"
	got, r := readAll(t, path)
	if v := r.Header().Version; v != 1 {
		t.Fatalf("fixture header version %d, want 1", v)
	}
	var want []mcp.Record
	synth.Session(29, func(rec mcp.Record) bool { want = append(want, rec); return true })
	if len(got) != 31 || !reflect.DeepEqual(got[:29], want) {
		t.Fatalf("read %d records:\n%s\nwant the synthetic session's first 29:\n%s", len(got), dump(got), dump(want))
	}
	if ev, m := got[29].Event, got[30].RPC; ev == nil || string(ev.Raw) != "data: \xff\x00{}\r\n\r\n" || string(ev.Data) != "\xff\x00{}" || m == nil || string(m.Raw) != "\xff\x00{}" {
		t.Errorf("the non-UTF-8 event and message read back as %+v %+v", got[29].Event, got[30].RPC)
	}
	assertShared(t, got)

	// Every command reads it: listing, export and replay.
	info := describe(path)
	if info.Records != 31 || info.Requests != 3 || damageNote(info.Note) != "" {
		t.Errorf("describe = %+v, want 31 records and 3 requests", info)
	}
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	l := p.NewLog()
	playAll(t, p, l)
	// Six: each progress is folded into the call whose _meta named its
	// token (p1, p2), not a row of its own.
	if l.PairCount() != 6 || l.Pair(0).Response == nil || string(l.Pair(0).Response.RPC.Raw) != string(want[12].RPC.Raw) || l.Pair(0).Notifications != 2 {
		t.Errorf("replayed %d rows, first %+v; want 6 with the first answered holding its 2 progress", l.PairCount(), l.Pair(0))
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, p.Header(), l); err != nil || !strings.Contains(md.String(), "meeting notes 2") {
		t.Errorf("export: %v\n%s", err, md.String())
	}
}

// A forged or damaged version 2 recording whose references point nowhere
// loses those records, with a warning, and nothing else.
func TestBadReferencesAreSkipped(t *testing.T) {
	lines := []string{
		`{"format":"mcpscope-session","version":2,"mcpscope":"x","url":"http://h","transport":"sse","started":"2026-11-20T21:57:41Z","host":"h"}`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"conn":1,"raw":"data: {}\n\n","data_at":[6,8]}}`,
		`{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"invalid","raw_of":{"seq":99,"from":0,"to":2}}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"invalid","raw_of":{"seq":1,"from":0,"to":9}}}`,
		`{"seq":4,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"conn":1,"raw":"data: x\n\n","data_at":[6,99]}}`,
		`{"seq":5,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"invalid","raw_of":{"seq":1,"from":0,"to":2}}}`,
	}
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, r := readAll(t, path)
	// Record 5 points into record 1, the last event that read back.
	if len(got) != 2 || got[0].Seq != 1 || got[1].Seq != 5 || string(got[1].RPC.Raw) != "{}" || len(damage(r.Warnings())) != 3 {
		t.Errorf("read %s\nwarnings %q; want records 1 and 5, and three warnings", dump(got), r.Warnings())
	}
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	l := p.NewLog()
	playAll(t, p, l)
	if l.Stats().Records != 2 || len(damage(p.Warnings())) != 3 {
		t.Errorf("replayed %d records, warnings %q; want records 1 and 5, and three warnings", l.Stats().Records, p.Warnings())
	}
}

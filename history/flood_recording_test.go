package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// writeFloodRecording writes to path the recording a Recorder makes of
// floodSession(pings, ka), handing each record to each as it goes. A
// Recorder encodes each keep-alive that differs from the last with
// encoding/json, a fifth of a -race run of a flood of 100,000; here a block
// without data is spelt out by appendKeepAliveLine, the rest by the Recorder's own
// encoder. TestFloodRecordingIsARecorders holds the two to the same bytes.
func writeFloodRecording(t testing.TB, path string, pings int, ka func(int) mcp.SSEEvent, each func(mcp.Record)) {
	t.Helper()
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err == nil {
		err = rec.Close() // the header alone
	}
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 256<<10)
	var enc encoder
	var line []byte
	floodSession(pings, ka, func(r mcp.Record) {
		each(r)
		if err != nil {
			return
		}
		if r.Kind == mcp.KindEvent && len(r.Event.Data) == 0 && r.Event.Name == "" {
			line = appendKeepAliveLine(line[:0], r)
			_, err = w.Write(line)
			return
		}
		var l encodedLine
		if l, err = enc.encode(r); err == nil {
			err = l.writeTo(w, nil)
		}
	})
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// appendKeepAliveLine appends the line of an event record without data on the
// listen stream of connection 1, as encoding/json spells a diskRecord:
// SSEEvent's fields in their order, then the raw block.
func appendKeepAliveLine(b []byte, r mcp.Record) []byte {
	ev := r.Event
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, r.Seq, 10)
	b = append(b, `,"time":"`...)
	b = r.Time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","kind":"event","event":{"conn":1,"stream":"listen"`...)
	if ev.ID != "" {
		b = appendJSONString(append(b, `,"id":`...), ev.ID)
	}
	if ev.HasID {
		b = append(b, `,"has_id":true`...)
	}
	if ev.Retry != "" {
		b = appendJSONString(append(b, `,"retry":`...), ev.Retry)
	}
	if len(ev.Comments) > 0 {
		b = append(b, `,"comments":[`...)
		for i, c := range ev.Comments {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, c)
		}
		b = append(b, ']')
	}
	b = appendJSONString(append(b, `,"raw":`...), string(ev.Raw))
	return append(b, "}}\n"...)
}

// appendJSONString appends s as encoding/json quotes it: printable ASCII
// without a quote, backslash or HTML character as it is, a newline as \n,
// anything else by encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	start := len(b)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n':
			b = append(b, `\n`...)
		case c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&':
			q, _ := json.Marshal(s)
			return append(b[:start], q...)
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// The recording the flood tests write by hand is, byte for byte, the one a
// Recorder writes of the same session, for every kind of flood they write.
func TestFloodRecordingIsARecorders(t *testing.T) {
	for _, tc := range floods {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			byRecorder, byHand := filepath.Join(dir, "recorder.jsonl"), filepath.Join(dir, "hand.jsonl")
			rec, err := Create(byRecorder, testHeader(), RecordOptions{})
			if err != nil {
				t.Fatal(err)
			}
			floodSession(5, tc.ka, func(r mcp.Record) {
				if err == nil {
					err = rec.Write(r)
				}
			})
			if cerr := rec.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatal(err)
			}
			var n int
			writeFloodRecording(t, byHand, 5, tc.ka, func(mcp.Record) { n++ })
			want, _ := os.ReadFile(byRecorder)
			got, _ := os.ReadFile(byHand)
			if !bytes.Equal(got, want) {
				t.Errorf("the flood written by hand is\n%s\na Recorder's\n%s", got, want)
			}
			if n != 5+6 {
				t.Errorf("writeFloodRecording handed on %d records, want the 5 keep-alives and 6 others", n)
			}
		})
	}
}

package history

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mcpscope/mcpscope/mcp"
)

// Streamed a byte at a time, from a received record's line or the event
// line it points into, an answer's resultType reads as unknownResultType
// reads the answer whole.
func TestStreamedResultTypeReadsAsTheWholeAnswer(t *testing.T) {
	answers := []string{
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[]}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"kompleet","tools":[]}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"resultType":"x"}],"resultType" : "input_required" }}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":null}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":{"a":[1,"}"]}}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"comp\u006cete"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"\ud83d\ude00\"\\"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"kompleet"},"result":{"tools":[]}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","resultType":"no"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"pad":"` + strings.Repeat(`\u0001\"`, 3000) + `","resultType":"` + strings.Repeat("k", 300) + `"}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"x\":\"\xff\",\"resultType\":\"kompleet\"}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"x\":\"\xe2\x80\",\"resultType\":\"kompleet\"}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"x\":\"é…😀\",\"resultType\":\"kompleet\"}}",
		`{"jsonrpc":"2.0","id":1,"error":{"resultType":"kompleet"}}`,
	}
	for _, answer := range answers {
		want := unknownResultType("tools/list", mcp.Raw(answer)) != ""
		raw, _ := mcp.Raw(answer).MarshalJSON()
		own := `{"seq":9,"kind":"received","rpc":{"dir":"in","raw":` + string(raw) + `}}`
		if got := streamedResultType("tools/list", iotest.OneByteReader(strings.NewReader(own)), nil, nil); got != want {
			t.Errorf("the answer %.80q read from its own line fails its row: %v, want %v", answer, got, want)
		}
		for _, ev := range []string{"event: message\nid: 3\ndata: " + answer + "\n\n", "data:" + strings.Replace(answer, ",", "\r\ndata: ,", 1) + "\r\n\r\n"} {
			data := eventData(ev)
			from := strings.Index(data, answer[len(answer)-8:]) + 8 - len(answer)
			if data == "" || !bytes.Contains([]byte(data), []byte(answer[len(answer)-8:])) {
				t.Fatalf("the event %q holds no data", ev)
			}
			evRaw, _ := mcp.Raw(ev).MarshalJSON()
			line := `{"seq":8,"kind":"event","event":{"conn":1,"raw":` + string(evRaw) + `,"data_from_raw":true}}`
			ref := &rawRef{Seq: 8, From: from, To: len(data)}
			want := unknownResultType("tools/list", mcp.Raw(data[ref.From:ref.To])) != ""
			if got := streamedResultType("tools/list", nil, iotest.OneByteReader(strings.NewReader(line)), ref); got != want {
				t.Errorf("the answer %.80q read from its event %.40q fails its row: %v, want %v", answer, ev, got, want)
			}
		}
	}
}

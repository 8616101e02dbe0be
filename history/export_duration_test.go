package history

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording holding a duration no exchange can take (a clock that
// jumped, an edited file) is exported saying the time is unknown: the
// transcript printed "POST 202 in -9223372036854.78 ms", and the JSON a
// latency of minus 292 years.
func TestExportSaysAnImpossibleDurationIsUnknown(t *testing.T) {
	recs := fullSession()
	bent := 0
	for i := range recs {
		if h := recs[i].HTTP; h != nil && h.Purpose == mcp.PurposePost && h.ReqSeq != 0 {
			c := *h
			c.Duration = math.MinInt64
			recs[i].HTTP = &c
			bent++
		}
	}
	if bent == 0 {
		t.Fatal("the session has no POST to bend")
	}
	l := NewLog()
	l.Append(recs...)
	var md, js bytes.Buffer
	if err := ExportMarkdown(&md, Header{URL: "http://127.0.0.1:1/sse"}, l); err != nil {
		t.Fatal(err)
	}
	if err := ExportJSON(&js, Header{URL: "http://127.0.0.1:1/sse"}, l); err != nil {
		t.Fatal(err)
	}
	if got := md.String(); strings.Contains(got, "-92233") || !strings.Contains(got, " in an unknown time") {
		t.Errorf("the transcript prints an impossible duration as measured:\n%s", got)
	}
	if got := js.String(); strings.Contains(got, "-92233") || strings.Contains(got, "-9.2233") || !strings.Contains(got, `"post_ms": null`) {
		t.Errorf("the JSON export gives an impossible duration as measured:\n%s", got)
	}
}

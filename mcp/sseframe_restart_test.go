package mcp

import (
	"strings"
	"testing"
)

// A parser started after a large block reads the blocks after it as the
// one before would have: a byte order mark is taken off the stream's first
// block only, so on a later block it stays part of the field name.
func TestTapByteOrderMarkAfterALargeEvent(t *testing.T) {
	big := strings.Repeat("y", 3*parserBuffer)
	input := "\xef\xbb\xbfdata: first\n\n" +
		"data: " + big + "\n\n" +
		"\xef\xbb\xbfdata: hidden\nevent: x\n\n" +
		"data: " + big + "\n\n" +
		"data: last\n\n"
	for _, chunk := range []int{0, 7, 4096} {
		got, err := tapEvents(t, input, chunk)
		if err != nil {
			t.Fatalf("chunk %d: %v", chunk, err)
		}
		var datas []string
		for _, ev := range got {
			d := string(ev.Data)
			if len(d) > 10 {
				d = "big"
			}
			datas = append(datas, ev.Name+"="+d)
		}
		want := "=first|=big|x=|=big|=last"
		if g := strings.Join(datas, "|"); g != want {
			t.Errorf("chunk %d: events %s, want %s", chunk, g, want)
		}
	}
}

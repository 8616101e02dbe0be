package urlpass

import (
	"reflect"
	"testing"
)

func TestQueryParams(t *testing.T) {
	for _, c := range []struct {
		url  string
		want []Param
	}{
		{"http://h/mcp", nil},
		{"http://h/mcp?token=abc&x=1", []Param{{"token", "abc", "abc"}}},
		{"http://h/mcp?x=1&API_KEY=a%2Fb#frag", []Param{{"API_KEY", "a%2Fb", "a/b"}}},
		{"http://h/mcp?X-Amz-Signature=f00&X-Amz-Date=1&sessionId=s", []Param{{"X-Amz-Signature", "f00", "f00"}}},
		{"http://h/mcp?token=&key", nil},
		{"http://h:99999/mcp?sig=s1", []Param{{"sig", "s1", "s1"}}},
	} {
		if got := QueryParams(c.url); !reflect.DeepEqual(got, c.want) {
			t.Errorf("QueryParams(%q) = %v, want %v", c.url, got, c.want)
		}
	}
}

func TestMaskQueryKeepsOtherValues(t *testing.T) {
	ps := QueryParams("http://h/sse?token=t1")
	got := MaskQuery(`GET http://h/sse?token=t1 then /message?sessionId=t1&token=t2&token=t1`, ps, "[redacted]")
	want := `GET http://h/sse?token=[redacted] then /message?sessionId=t1&token=t2&token=[redacted]`
	if got != want {
		t.Errorf("MaskQuery = %q, want %q", got, want)
	}
}

package command

import (
	"strings"
	"testing"
)

// A value pasted 100 KB long is quoted in its refusal by its start and
// its size, once in the error and once in the suggestion after it, not
// whole twice: the refusal stays a few lines.
func TestArgErrorsClipALongValue(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	tests := []struct {
		name, schema, line string
		want               []string
	}{
		{"broken JSON array", `"x":{"type":"array","items":{"type":"string"}}`, `x=[` + long,
			[]string{`x: "[xxx`, `xxx"… (100001 bytes) is not a JSON array`, `to send it as one item: x:='["[xxx`, `… (100010 bytes)`}},
		{"not an integer", `"x":{"type":"integer"}`, `x=` + long,
			[]string{`x: "xxx`, `"… (100000 bytes) is not an integer`, `to send it as typed: x:='"xxx`, `… (10000`}},
		{"bare word", `"x":{"type":"string"}`, long,
			[]string{`"xxx`, `"… (100000 bytes): expected key=value or key:=json: did you mean x=xxx`, `… (100002 bytes)?`}},
		{"bare JSON object", `"x":{"type":"string"}`, `'{"x":"` + long + `"}'`,
			[]string{`: arguments go one key at a time; did you mean x:=`, `… (10000`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := argTestRun(t, argTestProps(tt.schema), tt.line)
			if err == nil {
				t.Fatalf("ParseArgs(%.40q…) gave no error", tt.line)
			}
			msg := err.Error()
			if n := strings.Count(msg, " bytes)"); n != 2 {
				t.Errorf("ParseArgs(%.40q…) error says a size %d times, want 2 (the value, the suggestion)", tt.line, n)
			}
			if len(msg) > 1000 {
				t.Errorf("ParseArgs(%.40q…) error is %d bytes long, want a few lines: %.300q…", tt.line, len(msg), msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("ParseArgs(%.40q…) error = %q, want it to contain %q", tt.line, msg, w)
				}
			}
		})
	}
}

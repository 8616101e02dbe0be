package main

import (
	"os"
	"strings"
	"testing"
)

// A recording named with a leading dash whose first letter is a real
// flag's was read as that flag: -vd.jsonl and -hd.jsonl as -v or -h and
// then "unknown shorthand flag: 'd' in -d.jsonl", naming no file; and
// export -od.jsonl as -o d.jsonl, which left export with no recording and
// said nothing of the file. Each says the file is here and how to give
// it; a real flag's complaint is kept when no such file is here.
func TestADashRecordingStartingWithARealFlagIsToldHowToGive(t *testing.T) {
	dir := oneSessionRecorded(t)
	t.Chdir(t.TempDir())
	whole, err := os.ReadFile(onlyRecording(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args       []string
		file, read string
	}{
		{[]string{"-vd.jsonl"}, "-vd.jsonl", "read as flags"},
		{[]string{"export", "-vd.jsonl"}, "-vd.jsonl", "read as a flag"},
		{[]string{"replay", "-hd.jsonl"}, "-hd.jsonl", "read as flags"},
		{[]string{"export", "-hd.jsonl", "--format", "json"}, "-hd.jsonl", "read as flags"},
		{[]string{"export", "-od.jsonl"}, "-od.jsonl", "read as -o with the value d.jsonl (for that, put a space after -o)"},
		{[]string{"replay", "-Hd.jsonl"}, "-Hd.jsonl", "read as -H with the value d.jsonl"},
		{[]string{"sessions", "-hd.jsonl"}, "-hd.jsonl", "read as flags"},
	} {
		if err := os.WriteFile(tc.file, whole, 0o600); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := run(t, tc.args...)
		want := tc.file + " is a file here, " + tc.read
		if code != exitUsage || !strings.Contains(errOut, want) || !strings.Contains(errOut, "give it as ./"+tc.file+" (or after --)") {
			t.Errorf("%v: exit %d, stderr %q; want %q and how to give it", tc.args, code, errOut, want)
		}
		if strings.Contains(errOut, "unknown shorthand") {
			t.Errorf("%v: stderr %q names a flag, not the file", tc.args, errOut)
		}
		if err := os.Remove(tc.file); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("-vd.jsonl", whole, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := run(t, "export", "./-vd.jsonl"); code != exitOK || !strings.Contains(out, "# mcpscope session: ") {
		t.Errorf("export ./-vd.jsonl: exit %d, stderr %q", code, errOut)
	}
	// A real flag's error is said, not taken for the file's.
	if _, errOut, code := run(t, "replay", "--timeout", "x", "-vd.jsonl"); code != exitUsage || !strings.Contains(errOut, `--timeout "x" is not a duration`) {
		t.Errorf("replay --timeout x -vd.jsonl: exit %d, stderr %q; want the --timeout error", code, errOut)
	}
	// No such file: pflag's words, and a glued value is a value.
	for _, args := range [][]string{{"export", "-hq.jsonl"}, {"export", "-oq.jsonl"}} {
		if _, errOut, _ := run(t, args...); strings.Contains(errOut, "is a file here") {
			t.Errorf("%v, no such file: %q", args, errOut)
		}
	}
}

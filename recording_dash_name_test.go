package main

import (
	"os"
	"strings"
	"testing"
)

// A recording whose file name starts with a dash reads as a flag: export
// and replay said only "unknown shorthand flag: 'd' in -d.jsonl", naming a
// letter of the file as a flag, and not how to give the file. They say it
// is a file here and how to name it, and named so it is read.
func TestARecordingNamedWithALeadingDashIsToldHowToGive(t *testing.T) {
	dir := oneSessionRecorded(t)
	t.Chdir(t.TempDir())
	recording := onlyRecording(t, dir)
	for _, name := range []string{"-d.jsonl", "--session.jsonl"} {
		whole, err := os.ReadFile(recording)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, whole, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, c := range []string{"export", "replay"} {
			_, errOut, code := run(t, c, name)
			want := name + " is a file here, read as a flag: give it as ./" + name + " (or after --)"
			if code != exitUsage || !strings.Contains(errOut, want) {
				t.Errorf("%s %s: exit %d, stderr %q; want %q", c, name, code, errOut, want)
			}
		}
		if out, errOut, code := run(t, "export", "./"+name); code != exitOK || !strings.Contains(out, "# mcpscope session: ") {
			t.Errorf("export ./%s: exit %d, stderr %q", name, code, errOut)
		}
	}
	// A flag that names no file keeps pflag's words alone.
	if _, errOut, _ := run(t, "export", "-q"); strings.Contains(errOut, "is a file here") {
		t.Errorf("export -q, no such file: %q", errOut)
	}
}

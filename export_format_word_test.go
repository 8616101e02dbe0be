package main

import "testing"

// export's help calls the default a Markdown transcript, and a reader
// types --format markdown: it was refused ("use md or json") with no word
// that md is that format. It writes the transcript --format md writes.
func TestExportTakesMarkdownForMd(t *testing.T) {
	rec := onlyRecording(t, oneSessionRecorded(t))
	md, errOut, code := run(t, "export", "--format", "md", rec)
	if code != exitOK {
		t.Fatalf("export --format md: exit %d: %s", code, errOut)
	}
	for _, word := range []string{"markdown", "Markdown"} {
		out, errOut, code := run(t, "export", "--format", word, rec)
		if code != exitOK || out != md {
			t.Errorf("export --format %s: exit %d, %s; want the transcript --format md writes", word, code, errOut)
		}
	}
}

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Where export -o or exec --save cannot write is said before anything is
// done, as a usage error naming the flag: a directory (--save sent the user
// to --force after the request), a directory that is not there ("open X:
// no such file or directory" from os, exit 1).
func TestOutputFilesThatCannotBeWrittenAreUsageErrors(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url, "ping"); code != exitOK {
		t.Fatalf("recording a session: exit %d %s", code, errOut)
	}
	rec := onlyRecording(t, dir)
	tmp := t.TempDir()
	missing := filepath.Join(tmp, "nodir", "x.md")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "-o", tmp, rec}, "-o " + tmp + " is a directory: name a file in it, e.g. " + filepath.Join(tmp, "session.md")},
		{[]string{"export", "-o", missing, rec}, "-o " + missing + ": the directory " + filepath.Dir(missing) + " does not exist"},
		{[]string{"exec", "--no-record", "--save", tmp, url, "read demo://readme"}, "--save " + tmp + " is a directory: name a file in it"},
		{[]string{"exec", "--no-record", "--save", missing, url, "read demo://readme"}, "the directory " + filepath.Dir(missing) + " does not exist"},
	} {
		out, errOut, code := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d %q, want a usage error saying %q", tc.args, code, errOut, tc.want)
		}
		if strings.Contains(errOut, "--force") || strings.Contains(errOut, "open ") || strings.Contains(out, "resources/read") {
			t.Errorf("%v: %q (stdout %q): os's words, --force, or the request sent", tc.args, errOut, out)
		}
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Errorf("%s was created", filepath.Dir(missing))
	}
}

// The proxy refuses a --record-dir that cannot hold recordings before it
// listens: every client's recording failed on its own once clients came.
func TestProxyRefusesARecordDirThatIsAFile(t *testing.T) {
	stateDir(t)
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{
		file:                         "--record-dir " + file + " is a file, not a directory",
		filepath.Join(file, "below"): "cannot create the recordings directory " + filepath.Join(file, "below"),
	} {
		cf := &connFlags{}
		cf.registerProxy(&cobra.Command{})
		pf := &proxyFlags{listen: "127.0.0.1:0", headless: true, recordDir: dir}
		r, err := startProxy("http://127.0.0.1:1", cf, pf, io.Discard)
		if err == nil {
			r.stop()
			t.Errorf("--record-dir %s: the proxy started", dir)
			continue
		}
		if code := report(io.Discard, err); code != exitUsage || !strings.Contains(err.Error(), want) {
			t.Errorf("--record-dir %s: exit %d, %v; want a usage error saying %q", dir, code, err, want)
		}
	}
}

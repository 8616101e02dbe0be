package command

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

func TestRootFromPath(t *testing.T) {
	dir := t.TempDir()
	r, err := RootFromPath(filepath.Join(dir, "proj"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.URI, "file:///") || !strings.HasSuffix(r.URI, "/proj") || r.Name != "proj" {
		t.Errorf("RootFromPath = %+v, want an absolute file URI named proj", r)
	}
	rel, err := RootFromPath(".")
	if err != nil || !strings.HasPrefix(rel.URI, "file:///") {
		t.Errorf("RootFromPath(.) = %+v, %v; want the absolute working directory", rel, err)
	}
	if _, err := RootFromPath(""); err == nil {
		t.Error("RootFromPath(\"\") gave no error")
	}
}

// "~/" is the home directory, as in a shell; a "~" inside a name is not.
func TestRootFromPathExpandsHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for in, want := range map[string]string{"~": home, "~/src/app": filepath.Join(home, "src", "app")} {
		r, err := RootFromPath(in)
		if err != nil || r.URI != (&url.URL{Scheme: "file", Path: filepath.ToSlash(want)}).String() {
			t.Errorf("RootFromPath(%q) = %+v, %v; want the file URI of %s", in, r, err, want)
		}
	}
	if got, _ := ExpandHome("a~/b"); got != "a~/b" {
		t.Errorf("ExpandHome(a~/b) = %q, want it unchanged", got)
	}
}

// With no home directory known, "~/" cannot be offered: the error says so
// and what to give instead.
func TestRootFromPathWithoutAHome(t *testing.T) {
	t.Setenv("HOME", "")
	_, err := RootFromPath("~/src")
	if err == nil || !strings.Contains(err.Error(), "~/src: the home directory is not known") || !strings.Contains(err.Error(), "give the directory's whole path") {
		t.Errorf("RootFromPath(~/src) without HOME = %v, want it to say the home directory is not known and to give the whole path", err)
	}
}

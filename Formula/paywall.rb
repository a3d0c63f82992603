# Homebrew formula: builds paywall from source on macOS, as README's "On macOS" section does by hand.
#
# This repository is its own tap (the formula is in Formula/):
#   brew tap OWNER/paywall https://github.com/OWNER/paywall
#   brew install OWNER/paywall/paywall            # the release below; --HEAD for the main branch
#
# From a checkout: Homebrew installs formulae only from a tap, not from a path such as ./Formula/paywall.rb, so copy
# the formula into a local one first (the macOS job of .github/workflows/ci.yml does this, with `url` pointing at a
# tarball of the commit under test):
#   brew tap-new --no-git local/paywall
#   cp Formula/paywall.rb "$(brew --repository local/paywall)/Formula/"
#   brew install --build-from-source local/paywall/paywall     # or --HEAD
#   brew test local/paywall/paywall
#
# OWNER is the repository's owner, as in README's workflows and action.yml. At a release, point `url` at its tag and
# add the archive's `sha256` (until then Homebrew warns that there is none, and prints the archive's).
class Paywall < Formula
  desc "Static HTML subscription pages from a StoreKit-style catalog and Markdown"
  homepage "https://github.com/OWNER/paywall"
  url "https://github.com/OWNER/paywall/archive/refs/tags/v0.1.0.tar.gz"
  license "MIT"
  head "https://github.com/OWNER/paywall.git", branch: "main"

  # Swift 6.2 or later (Package.swift's tools version), which Xcode 26 brings; macOS 15 (Package.swift's platforms).
  depends_on xcode: ["26.0", :build]
  depends_on "pkgconf" => :build # pkg-config: SwiftPM finds the C libraries below with it
  depends_on "cmark-gfm"
  depends_on "icu4c"
  depends_on "libyaml"
  depends_on "qrencode" # libqrencode: plain pages' QR codes
  depends_on macos: :sequoia

  def install
    # icu4c is keg-only (macOS has a libicucore of its own): its .pc files are not in Homebrew's pkgconfig folder.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["icu4c"].opt_lib/"pkgconfig"

    # What `paywall --version` states, as `make build` does it: scripts/build-info.sh writes a header that only the
    # CBuildInfo target reads, from the folder added with -Xcc -I. A release states the formula's version; a --HEAD
    # build the v* tag at its commit, else the sources' own version.
    build_info = buildpath/".build/build-info"
    ENV["PAYWALL_VERSION"] = version.to_s unless build.head?
    system "bash", "scripts/build-info.sh", build_info.to_s

    # --disable-sandbox: SwiftPM's own sandbox (for the plugin that embeds the theme) cannot run inside Homebrew's.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "paywall",
           "-Xcc", "-I#{build_info}"
    bin.install ".build/release/paywall"
  end

  test do
    # The scaffold `paywall init` writes builds as it is: its store page, with the catalog's price, and the root page.
    system bin/"paywall", "init", "site"
    system bin/"paywall", "build", "site"
    assert_path_exists testpath/"site/public/index.html"
    page = (testpath/"site/public/en-US/premium/index.html").read
    assert_match "Do more with Premium", page
    assert_match "$39.99/year", page

    version_line = shell_output("#{bin}/paywall --version")
    assert_match(/^#{Regexp.escape(version.to_s)} \(/, version_line) unless version.head?
    assert_match(/^\d+\.\d+\.\d+/, version_line)
  end
end

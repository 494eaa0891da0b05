package demo;

// A test double that names only the main subclass it extends (and no method): the test's calls on it reach the
// scheduled method through that subclass, so a scan that holds test files back must parse this file too.
class TestableJob extends NightlyJob {
}

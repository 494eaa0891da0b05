package demo;

// A test helper in its own file that names neither the job's class nor its method, only the interface the job
// implements. The test calls the job on the helper's result, so its call resolves through this file's declaration:
// a scan that holds test files back must parse this file too (the test names the helper's type).
final class Works {
    static NightlyWork wrap(NightlyWork w) {
        return w;
    }
}

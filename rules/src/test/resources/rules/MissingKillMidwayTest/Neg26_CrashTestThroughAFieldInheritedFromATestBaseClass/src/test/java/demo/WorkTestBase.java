package demo;

// A test base class in its own file that names neither the job's class nor its method: only the type of the field
// the test calls the job through. The test's call resolves through this field, so a scan that holds test files back
// must parse this file too (the test names it as its superclass).
abstract class WorkTestBase {
    protected NightlyWork work;
}

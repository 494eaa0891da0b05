import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def sarif = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.sarif'))
assert sarif.version == '2.1.0'
assert sarif.runs[0].results.findAll { it.level != 'note' }.isEmpty()
assert sarif.runs[0].tool.driver.rules*.id.contains('IDEM001')
assert new File(basedir, 'target/idemcheck/idemcheck.txt').text.contains('idemcheck: 1 file, 0 findings')
assert log.contains('[INFO] idemcheck: 1 file, 0 findings (0 errors, 0 warnings, 0 notes), 0 files not analysed')
assert log.contains('BUILD SUCCESS')
return true

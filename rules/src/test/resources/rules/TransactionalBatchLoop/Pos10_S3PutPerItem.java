// A @Transactional export writes one object per row to S3 and then marks the row exported: the puts survive a rollback (error).
package com.example.idem002.pos10;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

@Service
public class ReportExportService {

    private final ReportMapper reportMapper;
    private final S3Client s3Client;

    public ReportExportService(ReportMapper reportMapper, S3Client s3Client) {
        this.reportMapper = reportMapper;
        this.s3Client = s3Client;
    }

    @Transactional
    public void exportAll() {
        List<Report> reports = reportMapper.selectUnexported();
        for (Report r : reports) { // expect: IDEM002 "calls a remote service"
            s3Client.putObject(PutObjectRequest.builder().bucket("reports").key(r.getKey()).build(),
                    RequestBody.fromString(r.getBody()));
            reportMapper.markExported(r.getId());
        }
    }
}

@Mapper
interface ReportMapper {

    @Select("SELECT id, report_key, body FROM report WHERE exported = 0")
    List<Report> selectUnexported();

    @Update("UPDATE report SET exported = 1 WHERE id = #{id}")
    int markExported(@Param("id") long id);
}

class Report {
    private Long id;
    private String key;
    private String body;

    public Long getId() { return id; }
    public String getKey() { return key; }
    public String getBody() { return body; }
}

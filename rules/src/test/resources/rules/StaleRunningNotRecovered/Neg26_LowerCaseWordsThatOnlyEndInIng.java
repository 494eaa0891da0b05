// Lower-case values that only end in -ing, or wait, are no work under way: "pending" and "waiting" wait for work,
// "missing" names nothing running (catalog notInProgressWords); and a lower-case variable passed as the status is not
// read by its name. No row is held, so no recovery sweep is needed; no finding.
package com.example.idem008.neg26;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class ExportService {

    private final ExportMapper mapper;

    public ExportService(ExportMapper mapper) {
        this.mapper = mapper;
    }

    public void reset(long id, String exporting) {
        ExportJob job = mapper.selectById(id);
        job.setStatus("pending");
        mapper.updateById(job);
        mapper.updateStatus(id, "waiting");
        mapper.updateStatus(id, "missing");
        mapper.updateStatus(id, exporting);
    }
}

@Mapper
interface ExportMapper {

    @Select("SELECT id, status FROM export_job WHERE id = #{id}")
    ExportJob selectById(@Param("id") long id);

    @Update("UPDATE export_job SET status = #{status} WHERE id = #{id}")
    int updateById(ExportJob job);

    @Update("UPDATE export_job SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class ExportJob {
    private long id;
    private String status;

    public long getId() { return id; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}

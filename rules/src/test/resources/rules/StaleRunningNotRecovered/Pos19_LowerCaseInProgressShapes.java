// Lower-case state values of the in-progress shape (a word ending in -ing): "exporting" set on an entity that is then
// saved through a DAO whose SQL is not in the scan, and "syncing" passed to the status parameter of a mapper update. Nothing ever looks at such rows by age, so
// a worker that dies midway leaves them stuck, as with EXPORTING.
package com.example.idem008.pos19;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class ExportService {

    private final ExportMapper mapper;
    private final ExportJobDao jobDao;

    public ExportService(ExportMapper mapper, ExportJobDao jobDao) {
        this.mapper = mapper;
        this.jobDao = jobDao;
    }

    public void export(long id) {
        ExportJob job = jobDao.get(id);
        job.setStatus("exporting");
        jobDao.update(job); // expect: IDEM008 "EXPORTING"
        upload(job);
        job.setStatus("done");
        jobDao.update(job);
    }

    public void sync(long id) {
        mapper.updateStatus(id, "syncing"); // expect: IDEM008 "syncing"
        upload(mapper.selectById(id));
        mapper.updateStatus(id, "synced");
    }

    private void upload(ExportJob job) {
    }
}

@Mapper
interface ExportMapper {

    @Select("SELECT id, status FROM export_job WHERE id = #{id}")
    ExportJob selectById(@Param("id") long id);

    @Update("UPDATE export_job SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface ExportJobDao {

    ExportJob get(long id);

    void update(ExportJob job);
}

class ExportJob {
    private long id;
    private String status;

    public long getId() { return id; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}

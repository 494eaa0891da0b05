// A @Transactional reset deletes each dependent record and its file in object storage: a slow storage call holds every row lock taken so far, and the rollback cannot restore deleted files (error).
package com.example.idem002.pos02;

import com.aliyun.oss.OSS;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class DatasetResetService {

    private final AttachmentMapper attachmentMapper;
    private final OSS ossClient;

    public DatasetResetService(AttachmentMapper attachmentMapper, OSS ossClient) {
        this.attachmentMapper = attachmentMapper;
        this.ossClient = ossClient;
    }

    @Transactional(rollbackFor = Exception.class)
    public void reset(long datasetId) {
        List<Attachment> attachments = attachmentMapper.selectByDataset(datasetId);
        for (Attachment a : attachments) { // expect: IDEM002 "the rollback does not undo it"
            attachmentMapper.deleteById(a.getId());
            ossClient.deleteObject("dataset-bucket", a.getObjectKey());
        }
    }
}

@Mapper
interface AttachmentMapper {

    @Select("SELECT id, dataset_id, object_key FROM attachment WHERE dataset_id = #{datasetId}")
    List<Attachment> selectByDataset(@Param("datasetId") long datasetId);

    @Delete("DELETE FROM attachment WHERE id = #{id}")
    int deleteById(@Param("id") long id);
}

class Attachment {
    private Long id;
    private String objectKey;

    public Long getId() { return id; }
    public String getObjectKey() { return objectKey; }
}
